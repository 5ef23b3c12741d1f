// SPDX-License-Identifier: MIT
#include "core/labels/coincident.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace roofline::detail {
namespace {

/// The name (the text's first line) and the verdict (the rest) of a kernel's label.
std::pair<std::string, std::string> nameAndVerdict(const std::string& text)
{
    const size_t at = text.find('\n');
    return at == std::string::npos ? std::pair {text, std::string()}
                                   : std::pair {text.substr(0, at), text.substr(at + 1)};
}

/// Whether a label may share its text: a kernel's name with a verdict, not one put by hand or
/// with a key line of its own.
bool mergeable(const PlotLabel& l)
{
    return l.role == LabelRole::PointLabel && !l.pinned && l.keyText.empty() && l.text.find('\n') != std::string::npos;
}

} // namespace

int mergeCoincidentNames(std::vector<PlotLabel>& labels, std::vector<size_t>& order,
    const std::function<geom::Pt(const PlotXY&)>& px, double within)
{
    std::vector<size_t> candidates;
    for (size_t i : order)
        if (mergeable(labels[i]))
            candidates.push_back(i);
    // By pixel column, so that a point's neighbours within `within` are the next few.
    std::vector<geom::Pt> at(labels.size());
    for (size_t i : candidates)
        at[i] = px(labels[i].at);
    std::sort(candidates.begin(), candidates.end(), [&](size_t a, size_t b) { return at[a].x < at[b].x; });
    std::vector<bool> taken(labels.size(), false);
    int merged = 0;
    for (size_t c = 0; c < candidates.size(); ++c) {
        const size_t first = candidates[c];
        if (taken[first])
            continue;
        std::vector<size_t> group {first};
        const std::string verdict = nameAndVerdict(labels[first].text).second;
        for (size_t d = c + 1; d < candidates.size() && at[candidates[d]].x - at[first].x <= within; ++d) {
            const size_t other = candidates[d];
            if (!taken[other] && std::fabs(at[other].y - at[first].y) <= within
                && nameAndVerdict(labels[other].text).second == verdict)
                group.push_back(other);
        }
        if (group.size() < 2)
            continue;
        // The heaviest carries the names, in the order of their weight.
        std::stable_sort(
            group.begin(), group.end(), [&](size_t a, size_t b) { return labels[a].weight > labels[b].weight; });
        PlotLabel& carrier = labels[group.front()];
        std::string names = nameAndVerdict(carrier.text).first;
        for (size_t g = 1; g < group.size(); ++g) {
            PlotLabel& l = labels[group[g]];
            names += ", " + nameAndVerdict(l.text).first;
            carrier.weight += l.weight;
            l.text.clear();
            taken[group[g]] = true;
            ++merged;
        }
        carrier.text = names + "\n" + verdict;
    }
    order.erase(std::remove_if(order.begin(), order.end(), [&](size_t i) { return taken[i]; }), order.end());
    return merged;
}

} // namespace roofline::detail
