// SPDX-License-Identifier: MIT
#include "core/model/kernel_name.h"

#include "core/common/text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>

namespace roofline {
namespace {

bool opens(char c)
{
    return c == '<' || c == '(' || c == '[' || c == '{';
}

bool closes(char c)
{
    return c == '>' || c == ')' || c == ']' || c == '}';
}

/// " #3" at the end of a name (a profiler launch), or "".
std::string launchSuffix(std::string_view s)
{
    const auto hash = s.rfind(" #");
    if (hash == std::string_view::npos || hash + 2 >= s.size())
        return {};
    for (std::size_t i = hash + 2; i < s.size(); ++i)
        if (!std::isdigit(static_cast<unsigned char>(s[i])))
            return {};
    return std::string(s.substr(hash));
}

/// The first position at bracket depth 0 where `pred` holds, from `from`; npos when none.
template <typename Pred> std::size_t topLevel(std::string_view s, Pred pred, std::size_t from = 0)
{
    int depth = 0;
    for (std::size_t i = from; i < s.size(); ++i) {
        if (depth == 0 && pred(s, i))
            return i;
        if (opens(s[i]))
            ++depth;
        else if (closes(s[i]) && depth > 0 && !(s[i] == '>' && i > 0 && s[i - 1] == '-'))
            --depth;
    }
    return std::string_view::npos;
}

/// The last position at depth 0 where `pred` holds.
template <typename Pred> std::size_t lastTopLevel(std::string_view s, Pred pred)
{
    std::size_t last = std::string_view::npos;
    for (std::size_t at = topLevel(s, pred); at != std::string_view::npos; at = topLevel(s, pred, at + 1))
        last = at;
    return last;
}

std::vector<std::string> identifiers(std::string_view s)
{
    std::vector<std::string> out;
    std::string current;
    for (char c : s) {
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
            current += c;
        } else if (!current.empty()) {
            out.push_back(current);
            current.clear();
        }
    }
    if (!current.empty())
        out.push_back(current);
    return out;
}

bool contains(const std::string& s, std::string_view part)
{
    return s.find(part) != std::string::npos;
}

bool endsWith(const std::string& s, std::string_view end)
{
    return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

/// Functions that only carry the work their template arguments name.
bool isWrapper(const std::string& base)
{
    static const std::array<const char*, 9> names {"Kernel", "kernel", "device_kernel", "kernel_entry", "launch_kernel",
        "gpu_kernel", "GenericKernel", "reduce_kernel", "multi_tensor_apply_kernel"};
    if (std::find(names.begin(), names.end(), base) != names.end())
        return true;
    if (base.size() > 6 && base.compare(0, 6, "Kernel") == 0 && std::all_of(base.begin() + 6, base.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
        }))
        return true; // cutlass::Kernel2
    return contains(base, "elementwise");
}

/// How well an identifier names a wrapper's work (0: not at all).
int workScore(const std::string& id)
{
    static const std::array<const char*, 37> plumbing {"ReduceOp", "TensorListMetadata", "func_wrapper_t", "float",
        "double", "int", "char", "bool", "unsigned", "long", "short", "signed", "void", "const", "Half", "BFloat16",
        "half", "bfloat16", "at", "native", "detail", "c10", "std", "cub", "thrust", "Array", "array", "TensorBase",
        "TensorIteratorBase", "OffsetCalculator", "LoadWithoutCast", "StoreWithoutCast", "CUDAGeneratorImpl",
        "templates", "lambda", "instance", "operator"};
    if (id.size() < 3 || std::isdigit(static_cast<unsigned char>(id[0]))
        || std::find(plumbing.begin(), plumbing.end(), id) != plumbing.end())
        return 0;
    const std::string lower = toLower(id);
    if (endsWith(id, "KernelImpl") || contains(lower, "functor"))
        return 4;
    for (const char* work : {"gemm", "conv", "attn", "attention", "softmax", "norm", "relu", "gelu", "silu", "reduce",
             "copy", "fill", "scan", "sort", "topk", "_kernel"})
        if (contains(lower, work))
            return 3;
    if ((id.size() >= 20 && contains(id, "_")) || (id.size() >= 5 && (endsWith(id, "Ops") || endsWith(id, "Op"))))
        return 2;
    return id.size() >= 8 ? 1 : 0;
}

/// The identifier among a wrapper's template arguments that names its work (the last of the
/// best: an inner functor names the operation, an outer one its arity), or "".
std::string workOf(std::string_view args)
{
    std::string best;
    int bestScore = 0;
    for (const std::string& id : identifiers(args))
        if (const int score = workScore(id); score > 0 && score >= bestScore) {
            best = id;
            bestScore = score;
        }
    return best;
}

/// The function's own name from a signature without its launch suffix.
std::string functionName(std::string s)
{
    for (const char* anonymous : {"(anonymous namespace)", "<unnamed>"})
        for (std::size_t at = s.find(anonymous); at != std::string::npos; at = s.find(anonymous, at))
            s.replace(at, std::string(anonymous).size(), "anon");
    // The parameters: the first top-level '(' (a name has none of its own).
    const std::size_t params = topLevel(s, [](std::string_view t, std::size_t i) { return t[i] == '('; });
    std::string head = trimmed(std::string_view(s).substr(0, params));
    // The return type: what comes before the last top-level space.
    if (const std::size_t space = lastTopLevel(head, [](std::string_view t, std::size_t i) { return t[i] == ' '; });
        space != std::string::npos)
        head = head.substr(space + 1);
    // The namespaces and classes: what comes before the last top-level "::".
    if (const std::size_t scope = lastTopLevel(
            head, [](std::string_view t, std::size_t i) { return t[i] == ':' && i + 1 < t.size() && t[i + 1] == ':'; });
        scope != std::string::npos)
        head = head.substr(scope + 2);
    const std::size_t angle = head.find('<');
    if (angle == std::string::npos)
        return head;
    const std::string base = head.substr(0, angle);
    if (base.empty() || !isWrapper(base))
        return base.empty() ? head : base;
    const std::string args = head.substr(angle + 1, head.size() - angle - 2);
    const std::string work = workOf(args);
    if (work.empty())
        return base;
    const bool alone = trimmed(args) == work;
    return base + (alone ? "<" + work + ">" : "<\xE2\x80\xA6" + work + "\xE2\x80\xA6>");
}

/// The identifiers of a name that are not namespaces or classes (not followed by "::").
std::vector<std::string> words(const std::string& s)
{
    std::string unqualified;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s.compare(i, 2, "::") == 0) {
            while (!unqualified.empty()
                && (std::isalnum(static_cast<unsigned char>(unqualified.back())) || unqualified.back() == '_'))
                unqualified.pop_back();
            ++i;
            continue;
        }
        unqualified += s[i];
    }
    return identifiers(unqualified);
}

/// The first words of two names that differ, from the start, or "".
std::string firstDifference(const std::string& a, const std::string& b)
{
    const auto x = words(a), y = words(b);
    for (std::size_t i = 0; i < x.size(); ++i)
        if (i >= y.size() || x[i] != y[i])
            return x[i];
    return {};
}

} // namespace

std::string engineerName(std::string_view fullName)
{
    std::string s = printable(fullName, std::string::npos);
    const std::string suffix = launchSuffix(s);
    s.resize(s.size() - suffix.size());
    // A signature: a scope ("at::"), template arguments, or a parameter list right after a name
    // ("gemm(float*)"); "GEMV (decode step)" is a name a person wrote.
    bool call = false;
    for (std::size_t i = 1; i < s.size() && !call; ++i)
        call
            = s[i] == '(' && (std::isalnum(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '_' || s[i - 1] == '>');
    const bool signature = call || s.find('<') != std::string::npos || s.find("::") != std::string::npos;
    if (!signature)
        return s + suffix; // a plain name ("decode, batch 32", "triton_poi_fused_add_0")
    const std::string name = functionName(s);
    return (name.empty() ? s : name) + suffix;
}

std::string shortKernelName(std::string_view fullName, std::size_t maxChars)
{
    std::string name = engineerName(fullName);
    if (charCount(name) <= maxChars)
        return name;
    const std::string suffix = launchSuffix(name);
    std::string base = name.substr(0, name.size() - suffix.size());
    // A wrapper's work ("<…GeluCUDAKernelImpl…>") says more than the wrapper's name: the name
    // is cut to the room the argument leaves, while it leaves some.
    if (const auto angle = base.find('<'); angle != std::string::npos && angle > 0) {
        const std::string work = base.substr(angle);
        const std::size_t used = charCount(work) + charCount(suffix);
        if (used + 8 <= maxChars) {
            const std::size_t room = maxChars - used - 1; // one for the ellipsis
            const std::string wrapper = base.substr(0, angle);
            return std::string(charSpan(wrapper, room - room / 3, false)) + "\xE2\x80\xA6"
                + std::string(charSpan(wrapper, room / 3, true)) + work + suffix;
        }
    }
    const std::size_t room = maxChars > charCount(suffix) + 1 ? maxChars - charCount(suffix) - 1 : 1;
    const std::size_t tail = room / 3;
    std::string cut
        = std::string(charSpan(base, room - tail, false)) + "\xE2\x80\xA6" + std::string(charSpan(base, tail, true));
    for (std::size_t at = cut.find("\xE2\x80\xA6\xE2\x80\xA6"); at != std::string::npos;
         at = cut.find("\xE2\x80\xA6\xE2\x80\xA6"))
        cut.erase(at, 3); // the cut next to a mark of its own: one ellipsis
    return cut + suffix;
}

std::vector<std::string> distinctKernelNames(const std::vector<std::string>& fullNames, std::size_t maxChars)
{
    std::vector<std::string> out;
    out.reserve(fullNames.size());
    std::map<std::string, std::vector<std::size_t>> byName;
    for (std::size_t i = 0; i < fullNames.size(); ++i) {
        out.push_back(shortKernelName(fullNames[i], maxChars));
        byName[out.back()].push_back(i);
    }
    for (const auto& [name, same] : byName) {
        if (same.size() < 2)
            continue;
        std::map<std::string, int> seen;
        for (std::size_t k = 0; k < same.size(); ++k) {
            const std::size_t i = same[k];
            const std::string other = fullNames[same[k == 0 ? 1 : 0]];
            const std::string word = fullNames[i] == other ? std::string() : firstDifference(fullNames[i], other);
            std::string distinct = word.empty() ? name : name + " [" + word + "]";
            if (++seen[distinct] > 1 || word.empty())
                distinct = name + " (" + std::to_string(k + 1) + ")";
            out[i] = distinct;
        }
    }
    return out;
}

} // namespace roofline
