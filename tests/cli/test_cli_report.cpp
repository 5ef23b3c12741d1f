// SPDX-License-Identifier: MIT
// `roofline report`: one HTML file of a real profile and of two runs, and what a browser makes of
// it (headless Chromium, driven offscreen: the toggle, the tip, sorting, picking a row, and no
// request anywhere).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "tests/cli/cli_run.h"

using namespace clitest;

namespace {

const std::string kRealProfile = std::string(ROOFLINE_TEST_DATA) + "/real/h200_ncu_raw.csv";
const std::string kBefore = std::string(ROOFLINE_SOURCE_DIR) + "/resources/examples/run-before.roofline.yaml";
const std::string kAfter = std::string(ROOFLINE_SOURCE_DIR) + "/resources/examples/run-after.roofline.yaml";

std::string escaped(const std::string& s)
{
    std::string out;
    for (char c : s)
        out += c == '&' ? "&amp;"
            : c == '<'  ? "&lt;"
            : c == '>'  ? "&gt;"
            : c == '"'  ? "&quot;"
            : c == '\'' ? "&#39;"
                        : std::string(1, c);
    return out;
}

std::string sixDigits(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", v);
    return text;
}

/// The kernels `analyze --format json` places, at the precision given.
nlohmann::json analyzed(const std::string& file, const std::string& precision)
{
    const CliRun r = roofline({"analyze", file, "--precision", precision, "--format", "json"});
    EXPECT_EQ(r.code, 0) << r.err;
    return nlohmann::json::parse(r.out)["kernels"];
}

/// The `<section>` of one precision.
std::string viewOf(const std::string& page, const std::string& id)
{
    const size_t from = page.find("<section class=\"view\" id=\"view-" + id + "\"");
    if (from == std::string::npos)
        return {};
    return page.substr(from, page.find("</section>", from) - from);
}

} // namespace

// Every kernel of a real H200 export, with the numbers `analyze` gives it, in the view of each
// precision: its whole name, its intensity, its achieved rate and its roof.
TEST(CliReport, ARealProfilesReportHoldsEveryKernelAndItsNumbersAtEachPrecision)
{
    const fs::path out = scratch() / "h200-report.html";
    const CliRun r = roofline({"report", kRealProfile, "-o", out.string()});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("wrote " + out.string()), std::string::npos);
    const std::string page = readAll(out.string());
    EXPECT_LT(page.size(), 1000000u) << "a report to attach, not a download";
    EXPECT_NE(page.find("<body data-shown=\"fp32\">"), std::string::npos) << "the precision analyze shows it at";
    for (const std::string precision : {"fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "int8"}) {
        const std::string view = viewOf(page, precision);
        ASSERT_FALSE(view.empty()) << precision;
        EXPECT_NE(view.find("<svg"), std::string::npos);
        const auto kernels = analyzed(kRealProfile, precision);
        ASSERT_EQ(kernels.size(), 9u);
        for (const auto& k : kernels) {
            const std::string name = escaped(k["name"].get<std::string>());
            EXPECT_TRUE(view.find(">" + name) != std::string::npos || view.find("title=\"" + name) != std::string::npos)
                << precision << ": " << name;
            for (const char* key : {"intensity", "achieved_flops_per_s", "roof_flops_per_s"})
                EXPECT_NE(view.find("data-v=\"" + sixDigits(k[key].get<double>()) + "\""), std::string::npos)
                    << precision << " " << key << " of " << name;
        }
        EXPECT_EQ(static_cast<size_t>(std::count(view.begin(), view.end(), '\n')) > 0, true);
    }
    // Where the numbers come from.
    EXPECT_NE(page.find("h200_ncu_raw.csv ("), std::string::npos);
    EXPECT_NE(page.find("SHA-256 "), std::string::npos);
    EXPECT_NE(page.find("NVIDIA H200 (as the profiler names it)"), std::string::npos);
    EXPECT_NE(page.find("NVIDIA H200 SXM 141GB (h200-sxm)"), std::string::npos);
    EXPECT_NE(page.find("<dt>made by</dt><dd>Roofline Studio "), std::string::npos);
}

TEST(CliReport, TwoRunsAndACheckGateLeaveAReportOfTheChanges)
{
    const fs::path two = scratch() / "before-after.html", gate = scratch() / "gate.html";
    const CliRun r = roofline({"report", kBefore, kAfter, "-o", two.string()});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string page = readAll(two.string());
    EXPECT_NE(page.find("<h1>Before \xE2\x86\x92 after: NVIDIA H100 SXM5 80GB</h1>"), std::string::npos);
    EXPECT_NE(page.find("<th scope=\"col\">SPEEDUP</th>"), std::string::npos);
    EXPECT_NE(page.find("<dt>before</dt>"), std::string::npos);
    EXPECT_NE(page.find("<dt>after</dt>"), std::string::npos);
    // A gate that fails still leaves its report, with its verdict on top.
    const CliRun g
        = roofline({"check", kAfter, "--baseline", kBefore, "--max-slowdown", "0%", "--report", gate.string()});
    EXPECT_EQ(g.code, 1) << g.err;
    const std::string gated = readAll(gate.string());
    EXPECT_NE(gated.find("<p class=\"summary\">FAIL "), std::string::npos) << g.out;
    // The output is an .html file, and never one of the inputs.
    const CliRun png = roofline({"report", kRealProfile, "-o", (scratch() / "r.png").string()});
    EXPECT_EQ(png.code, 2);
    EXPECT_NE(png.err.find("a report is an .html file"), std::string::npos) << png.err;
    const CliRun onto = roofline({"check", kAfter, "--baseline", kBefore, "--report", kAfter});
    EXPECT_EQ(onto.code, 2) << onto.err;
}

// --theme dark: the figures in the export's dark colours on a dark page (asked for in
// rocm-systems#8434); the light page has neither.
TEST(CliReport, ADarkThemeDrawsTheFiguresAndThePageDark)
{
    const fs::path dark = scratch() / "dark.html", light = scratch() / "light.html";
    ASSERT_EQ(roofline({"report", kBefore, "--theme", "dark", "-o", dark.string()}).code, 0);
    ASSERT_EQ(roofline({"report", kBefore, "-o", light.string()}).code, 0);
    const std::string night = readAll(dark.string()), day = readAll(light.string());
    EXPECT_NE(night.find("body { color: #e6e6e6; background: #1e1f22; }"), std::string::npos);
    EXPECT_NE(night.find("<g fill=\"#1e1f22\""), std::string::npos) << "the figure's background";
    EXPECT_EQ(day.find("background: #1e1f22"), std::string::npos);
    EXPECT_EQ(day.find("<g fill=\"#1e1f22\""), std::string::npos);
    const CliRun bad = roofline({"report", kBefore, "--theme", "blue", "-o", dark.string()});
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("--theme must be 'light' or 'dark'"), std::string::npos) << bad.err;
}

namespace {

/// Chromium, headless: the DOM after the page's script and `probe` ran (virtual time lets the
/// page's timers and events settle). Empty when there is no Chromium.
std::string domAfter(const fs::path& page, const std::string& probe, const std::string& address)
{
    const char* browser = std::getenv("ROOFLINE_CHROMIUM");
    const std::string exe = browser ? browser : "chromium";
    if (std::system(("command -v " + shellQuote(exe) + " >/dev/null 2>&1").c_str()) != 0)
        return {};
    std::string html = readAll(page.string());
    html.insert(html.rfind("</body>"), "<script>" + probe + "</script>\n");
    const fs::path probed = scratch() / "probed.html", dom = scratch() / "dom.html";
    std::ofstream(probed) << html;
    const std::string cmd = shellQuote(exe)
        + " --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking "
          "--virtual-time-budget=20000 --user-data-dir="
        + shellQuote((scratch() / "chromium-profile").string()) + " --dump-dom "
        + shellQuote("file://" + probed.string() + address) + " >" + shellQuote(dom.string()) + " 2>/dev/null";
    if (std::system(cmd.c_str()) != 0)
        return {};
    return readAll(dom.string());
}

/// What the probe wrote into the page: {"...": ...} in <pre id="probe">.
nlohmann::json probed(const std::string& dom)
{
    const std::string open = "<pre id=\"probe\">";
    const size_t from = dom.find(open);
    if (from == std::string::npos)
        return {};
    std::string text = dom.substr(from + open.size(), dom.find("</pre>", from) - from - open.size());
    for (const auto& [entity, ch] : std::vector<std::pair<std::string, std::string>> {
             {"&quot;", "\""}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}}) {
        for (size_t at = text.find(entity); at != std::string::npos; at = text.find(entity, at + 1))
            text.replace(at, entity.size(), ch);
    }
    return nlohmann::json::parse(text, nullptr, false);
}

/// Opens at the address's precision and kernel, toggles to FP8 by its link, hovers the first
/// point, sorts by intensity, picks a row; counts the page's requests and CSP refusals.
const char* const kProbe = R"JS(
var refused = 0;
document.addEventListener('securitypolicyviolation', function () { refused++; });
window.addEventListener('load', function () { setTimeout(function () {
  function visible() {
    return Array.prototype.filter.call(document.querySelectorAll('section.view'),
      function (v) { return !v.hidden; }).map(function (v) { return v.dataset.view; });
  }
  function selected(v) {
    return Array.prototype.map.call(v.querySelectorAll('.selected'),
      function (e) { return e.tagName.toLowerCase() + ':' + e.dataset.row; }).sort();
  }
  var out = {atOpen: visible(), selectedAtOpen: selected(document.getElementById('view-bf16'))};
  document.querySelector('nav.precisions a[data-view="fp8"]').click();
  setTimeout(function () {
    var v = document.getElementById('view-fp8');
    out.afterToggle = visible();
    out.current = document.querySelector('nav.precisions a[aria-current="true"]').dataset.view;
    var hit = v.querySelector('.hit');
    hit.dispatchEvent(new MouseEvent('mouseenter'));
    var tip = v.querySelector('.tip');
    out.tipShown = !tip.hidden;
    out.tip = tip.textContent;
    out.tipRowName = v.querySelector('tbody tr[data-row="' + hit.dataset.row + '"] td').title ||
      v.querySelector('tbody tr[data-row="' + hit.dataset.row + '"] td').textContent;
    var column = Array.prototype.findIndex.call(v.querySelectorAll('th'), function (th) { return th.textContent === 'INTENSITY'; });
    v.querySelectorAll('th')[column].click();
    out.sorted = Array.prototype.map.call(v.querySelectorAll('tbody tr'), function (tr) { return Number(tr.cells[column].dataset.v); });
    v.querySelector('tbody tr[data-row="2"]').click();
    var filter = v.querySelector('input.filter');
    filter.value = 'GEMM';
    filter.dispatchEvent(new Event('input'));
    out.filtered = Array.prototype.filter.call(v.querySelectorAll('tbody tr'), function (tr) { return !tr.hidden; })
      .map(function (tr) { return tr.cells[0].title || tr.cells[0].textContent; });
    setTimeout(function () {
      out.selected = selected(v);
      out.address = location.hash;
      out.names = Array.prototype.map.call(v.querySelectorAll('tbody tr td:first-child'), function (td) { return td.title || td.textContent; });
      out.requests = performance.getEntriesByType('resource').length;
      out.refused = refused;
      var pre = document.createElement('pre');
      pre.id = 'probe';
      pre.textContent = JSON.stringify(out);
      document.body.appendChild(pre);
    }, 50);
  }, 50);
}, 0); });
)JS";

} // namespace

TEST(CliReport, InABrowserTheToggleTipSortAndPickWorkAndNothingIsFetched)
{
    const fs::path out = scratch() / "browser-report.html";
    ASSERT_EQ(roofline({"report", kRealProfile, "-o", out.string()}).code, 0);
    const std::string dom = domAfter(out, kProbe, "#bf16/1");
    if (dom.empty())
        GTEST_SKIP() << "no Chromium (make test installs Debian's chromium; ROOFLINE_CHROMIUM names another)";
    const nlohmann::json seen = probed(dom);
    ASSERT_TRUE(seen.is_object()) << dom.substr(0, 2000);
    // The address opens a precision and picks a kernel: its row and its point.
    EXPECT_EQ(seen["atOpen"], nlohmann::json::array({"bf16"}));
    EXPECT_EQ(seen["selectedAtOpen"], nlohmann::json::array({"circle:1", "tr:1"}));
    // The toggle shows one precision at a time.
    EXPECT_EQ(seen["afterToggle"], nlohmann::json::array({"fp8"}));
    EXPECT_EQ(seen["current"], "fp8");
    // The tip: the kernel's whole name and every figure of its placement.
    EXPECT_TRUE(seen["tipShown"].get<bool>());
    const std::string tip = seen["tip"];
    EXPECT_EQ(tip.rfind("kernel" + seen["tipRowName"].get<std::string>(), 0), 0u) << tip;
    for (const char* figure : {"regime", "roof", "headroom", "MFU", "time >=", "lever", "intensity"})
        EXPECT_NE(tip.find(figure), std::string::npos) << figure << " in " << tip;
    // Sorting by intensity orders the rows by value.
    const auto sorted = seen["sorted"].get<std::vector<double>>();
    ASSERT_EQ(sorted.size(), 9u);
    EXPECT_TRUE(std::is_sorted(sorted.begin(), sorted.end()));
    // A row picked: it and its point are marked, and the address links to it.
    EXPECT_EQ(seen["selected"], nlohmann::json::array({"circle:2", "tr:2"}));
    EXPECT_EQ(seen["address"], "#fp8/2");
    // Every kernel's name is in the page the browser built.
    const auto kernels = analyzed(kRealProfile, "fp8");
    const auto names = seen["names"].get<std::vector<std::string>>();
    for (const auto& k : kernels) { // (a kernel of several launches says how many: "name (x3)")
        const std::string name = k["name"];
        EXPECT_TRUE(std::any_of(names.begin(), names.end(), [&](const std::string& shown) {
            return shown == name || shown.rfind(name + " (x", 0) == 0;
        })) << name;
    }
    // Filtering by name ("GEMM", in any case) leaves the rows whose whole name holds it.
    std::vector<std::string> gemms;
    for (const auto& n : names) {
        std::string lower = n;
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        if (lower.find("gemm") != std::string::npos)
            gemms.push_back(n);
    }
    ASSERT_EQ(gemms.size(), 1u) << "the sm80_xmma GEMM";
    auto filtered = seen["filtered"].get<std::vector<std::string>>();
    std::sort(filtered.begin(), filtered.end());
    std::sort(gemms.begin(), gemms.end());
    EXPECT_EQ(filtered, gemms);
    // Nothing requested, nothing refused.
    EXPECT_EQ(seen["requests"], 0);
    EXPECT_EQ(seen["refused"], 0);
}

// The probe sees a request when there is one: an image from elsewhere added to the page is
// refused by its Content-Security-Policy, and counted.
TEST(CliReport, TheBrowserProbeCountsARequestThePolicyRefuses)
{
    const fs::path out = scratch() / "browser-control.html";
    ASSERT_EQ(roofline({"report", kRealProfile, "-o", out.string()}).code, 0);
    const std::string fetch = std::string("document.addEventListener('DOMContentLoaded', function () {"
                                          " var i = new Image(); i.src = 'http://example.invalid/x.png';"
                                          " document.body.appendChild(i); });")
        + kProbe;
    const std::string dom = domAfter(out, fetch, "#bf16");
    if (dom.empty())
        GTEST_SKIP() << "no Chromium";
    const nlohmann::json seen = probed(dom);
    ASSERT_TRUE(seen.is_object());
    EXPECT_GE(seen["refused"].get<int>(), 1);
}

// The before/after report in the browser: the toggle, the tip of a pair (where it was, its
// speedup, where it is), every pair's name, nothing fetched.
TEST(CliReport, ABeforeAfterReportWorksInABrowser)
{
    const fs::path out = scratch() / "browser-compare.html";
    ASSERT_EQ(roofline({"report", kBefore, kAfter, "-o", out.string()}).code, 0);
    const std::string dom = domAfter(out, kProbe, "#bf16");
    if (dom.empty())
        GTEST_SKIP() << "no Chromium";
    const nlohmann::json seen = probed(dom);
    ASSERT_TRUE(seen.is_object()) << dom.substr(0, 2000);
    EXPECT_EQ(seen["afterToggle"], nlohmann::json::array({"fp8"}));
    EXPECT_TRUE(seen["tipShown"].get<bool>());
    const std::string tip = seen["tip"];
    EXPECT_NE(tip.find("before"), std::string::npos) << tip;
    EXPECT_NE(tip.find("speedup"), std::string::npos) << tip;
    const CliRun compared = roofline({"compare", kBefore, kAfter, "--precision", "fp8", "--format", "json"});
    ASSERT_EQ(compared.code, 0) << compared.err;
    const auto names = seen["names"].get<std::vector<std::string>>();
    const auto pairs = nlohmann::json::parse(compared.out)["pairs"];
    ASSERT_FALSE(pairs.empty());
    for (const auto& p : pairs)
        EXPECT_NE(std::find(names.begin(), names.end(), p["name"].get<std::string>()), names.end()) << p["name"];
    EXPECT_EQ(seen["requests"], 0);
    EXPECT_EQ(seen["refused"], 0);
}

// "Save this figure": the view's figure as an SVG file (the export's drawing, without the page's
// hover targets) and as a PNG drawn from it at twice its size, made in the page, fetched from
// nowhere.
TEST(CliReport, TheShownFigureSavesAsSvgAndPngFromThePage)
{
    const fs::path out = scratch() / "browser-save.html";
    ASSERT_EQ(roofline({"report", kRealProfile, "-o", out.string()}).code, 0);
    // What the page saves is caught as it is handed to a download link (the SVG's text as its Blob
    // is made): read at once, nothing left to an asynchronous read the browser's virtual clock
    // does not wait for. The PNG waits for its image to load, polled.
    const char* const probe = R"JS(
var files = {}, svgText = '', refused = 0, RealBlob = window.Blob, click = HTMLAnchorElement.prototype.click;
window.Blob = function (parts, options) {
  if (options && options.type === 'image/svg+xml') svgText = parts.join('');
  return new RealBlob(parts, options);
};
HTMLAnchorElement.prototype.click = function () {
  if (this.download) files[this.download] = this.href; else click.call(this);
};
document.addEventListener('securitypolicyviolation', function () { refused++; });
window.addEventListener('load', function () { setTimeout(function () {
  var v = document.getElementById('view-fp8');
  v.querySelector('.save a[data-kind="svg"]').click();
  v.querySelector('.save a[data-kind="png"]').click();
  (function report(tries) {
    var png = files['roofline-fp8.png'];
    if (!png && tries < 200) return setTimeout(function () { report(tries + 1); }, 50);
    var out = {svgStart: svgText.slice(0, 60), svgHits: svgText.indexOf('class="hits"') >= 0,
      svgPeak: svgText.indexOf('FP8 peak 1.979 PFLOP/s') >= 0, svgLength: svgText.length,
      svgLink: (files['roofline-fp8.svg'] || '').slice(0, 5),
      png: png && png.indexOf('data:image/png;base64,') === 0 ? png.length * 3 / 4 : 0, refused: refused};
    var pre = document.createElement('pre');
    pre.id = 'probe';
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  })(0);
}, 0); });
)JS";
    const std::string dom = domAfter(out, probe, "#fp8");
    if (dom.empty())
        GTEST_SKIP() << "no Chromium";
    const nlohmann::json seen = probed(dom);
    ASSERT_TRUE(seen.is_object()) << dom.substr(0, 1000);
    EXPECT_EQ(seen["svgStart"].get<std::string>().rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg", 0), 0u)
        << seen["svgStart"];
    EXPECT_FALSE(seen["svgHits"].get<bool>());
    EXPECT_TRUE(seen["svgPeak"].get<bool>());
    EXPECT_EQ(seen["svgLink"], "blob:");
    EXPECT_GT(seen["svgLength"].get<int>(), 20000);
    EXPECT_GT(seen["png"].get<int>(), 20000) << "a 2000 x 1300 PNG of the figure";
    EXPECT_EQ(seen["refused"], 0);
}
