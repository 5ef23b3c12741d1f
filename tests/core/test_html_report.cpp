// SPDX-License-Identifier: MIT
// The HTML report's page: every text escaped, the figure inlined with its hover targets, a view
// per precision, nothing loaded from elsewhere.
#include "core/report/html_report.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace roofline;

namespace {

size_t count(const std::string& text, const std::string& what)
{
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

/// A figure as QSvgGenerator writes one: a declaration, a document title, a state group per
/// drawing call (empty ones among them), identity transforms, the font stack on every group.
const char* const kSvg = R"SVG(<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<svg width="264.583mm" height="171.979mm"
 viewBox="0 0 1000 650"
 xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"  version="1.2" baseProfile="tiny">
<title>A title</title>
<desc>Roofline figure made by Roofline Studio</desc>
<g fill="none" stroke="black" stroke-width="1" fill-rule="evenodd" stroke-linecap="square" stroke-linejoin="bevel" >

<g fill="#000000" fill-opacity="1" stroke="#000000" stroke-opacity="1" stroke-width="1" transform="matrix(1,0,0,1,0,0)"
font-family="'DejaVu Sans', sans-serif" font-size="12" font-weight="400" font-style="normal" 
>
</g>

<g fill="#202020" fill-opacity="1" stroke="none" transform="matrix(1,0,0,1,0,0)"
font-family="'DejaVu Sans', sans-serif" font-size="12" font-weight="400" font-style="normal" 
>
<text fill="#202020" fill-opacity="1" stroke="none" xml:space="preserve" x="116.123456" y="20.5" font-size="12" font-weight="400" font-style="normal" 
 >1.979 PFLOP/s</text>
<polyline fill="none" vector-effect="none" points="116.987654,541 756.746,150.528 " />
</g>
</g>
</svg>
)SVG";

HtmlReport sample()
{
    HtmlReport r;
    r.title = "Run <3> & \"friends\"";
    r.summary = {"1.2 ms -> 1 ms (1.2x)"};
    for (const char* id : {"bf16", "fp8"}) {
        HtmlView v;
        v.id = id;
        v.label = id == std::string("bf16") ? "BF16" : "FP8";
        v.caption = "NVIDIA H100 SXM5 80GB \xC2\xB7 " + v.label;
        v.svg = kSvg;
        v.points = {{116.5, 499.25, 0}, {700.0, 160.0, 1}};
        v.table = {{{"NAME"}, {"INTENSITY"}},
            {{"gemm<float, 'x'>", std::nullopt, "void gemm<float, 'x'>(float const*, int) & more"}, {"2.5", 2.5}},
            {{"k\x1b[31m", std::nullopt, ""}, {"-", std::nullopt}}};
        const std::string lever = "Memory-bound: the memory bus is the wall, so faster math changes nothing at all.";
        v.facts = {{{"regime", "memory-bound"}, {"lever", lever}}, {{"regime", "compute-bound"}, {"lever", lever}}};
        r.views.push_back(v);
    }
    r.shown = 1;
    r.provenance = {{"input", "runs/<after>.csv"}, {"made by", "Roofline Studio"}};
    return r;
}

} // namespace

TEST(HtmlReport, EveryTextIsEscapedAndNoMarkupComesFromANameOrTitle)
{
    const std::string page = renderHtmlReport(sample());
    EXPECT_NE(page.find("<title>Run &lt;3&gt; &amp; &quot;friends&quot;</title>"), std::string::npos);
    EXPECT_NE(page.find(">gemm&lt;float, &#39;x&#39;&gt;</td>"), std::string::npos);
    EXPECT_NE(
        page.find("title=\"void gemm&lt;float, &#39;x&#39;&gt;(float const*, int) &amp; more\""), std::string::npos);
    EXPECT_NE(page.find("runs/&lt;after&gt;.csv"), std::string::npos);
    EXPECT_EQ(page.find("<3>"), std::string::npos);
    EXPECT_EQ(page.find("<after>"), std::string::npos);
    // An escape character is shown, never written raw into the page.
    EXPECT_NE(page.find("k\\x1B[31m"), std::string::npos);
    EXPECT_EQ(page.find('\x1b'), std::string::npos);
    EXPECT_EQ(htmlEscape("a<b>&\"'\n"), "a&lt;b&gt;&amp;&quot;&#39;\\x0A");
}

TEST(HtmlReport, EachPrecisionIsAViewWithItsFigureTargetsAndSortKeys)
{
    const std::string page = renderHtmlReport(sample());
    // The toggle: a link per view, the page opening at the one asked for.
    EXPECT_NE(page.find("<a href=\"#bf16\" data-view=\"bf16\">BF16</a><a href=\"#fp8\" data-view=\"fp8\">FP8</a>"),
        std::string::npos);
    EXPECT_NE(page.find("<body data-shown=\"fp8\">"), std::string::npos);
    EXPECT_EQ(count(page, "<section class=\"view\""), 2u);
    // The figure inline: no declaration, no document title (it would be every point's tip),
    // and a target over each kernel's point.
    const std::string body = page.substr(0, page.find("<script>")); // (its script writes SVG files)
    EXPECT_EQ(body.find("<?xml"), std::string::npos);
    EXPECT_EQ(body.find("<title>A title</title>"), std::string::npos);
    EXPECT_EQ(count(body, "<svg"), 2u);
    EXPECT_NE(
        page.find("<circle class=\"hit\" cx=\"116.5\" cy=\"499.25\" r=\"8\" data-row=\"0\"/>"), std::string::npos);
    EXPECT_NE(page.find("<tr data-row=\"1\">"), std::string::npos);
    // Numbers sort by their value; a text or a "-" has none.
    EXPECT_NE(page.find("<td data-v=\"2.5\">2.5</td>"), std::string::npos);
    EXPECT_NE(page.find("<td>-</td>"), std::string::npos);
    // A long text the kernels share is written once.
    EXPECT_EQ(count(page, "the memory bus is the wall"), 1u);
    EXPECT_EQ(count(page, "<dd data-t=\"0\"></dd>"), 4u);
}

TEST(HtmlReport, TheFigureLosesOnlyWhatDrawsNothing)
{
    const std::string page = renderHtmlReport(sample());
    const size_t from = page.find("<svg"), to = page.find("</svg>", from);
    const std::string svg = page.substr(from, to - from);
    // Empty groups, identity transforms, initial values on groups, the repeated font stack (once,
    // on the root) and digits past a hundredth of a pixel go ...
    EXPECT_EQ(count(svg, "<g "), 3u) << svg; // the root, the drawing, the hover targets
    EXPECT_EQ(svg.find("matrix(1,0,0,1,0,0)"), std::string::npos);
    EXPECT_EQ(count(svg, "font-family="), 1u);
    EXPECT_EQ(svg.rfind("<svg font-family=\"'DejaVu Sans', sans-serif\"", 0), 0u);
    EXPECT_NE(svg.find("points=\"116.98,541 756.74,150.52 \""), std::string::npos);
    EXPECT_EQ(svg.find("vector-effect=\"none\""), std::string::npos);
    // ... and what is drawn stays: every digit of a text, the text's own attributes, the colours.
    EXPECT_NE(svg.find(">1.979 PFLOP/s</text>"), std::string::npos);
    EXPECT_NE(svg.find("font-weight=\"400\" font-style=\"normal\" \n >1.979"), std::string::npos);
    EXPECT_NE(svg.find("<g fill=\"#202020\" stroke=\"none\"\nfont-size=\"12\" \n>"), std::string::npos) << svg;
}

TEST(HtmlReport, ThePageLoadsNothingFromElsewhere)
{
    const std::string page = renderHtmlReport(sample());
    EXPECT_NE(page.find("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src blob:\">"),
        std::string::npos);
    EXPECT_EQ(page.find(" src="), std::string::npos);
    EXPECT_EQ(page.find("<link"), std::string::npos);
    EXPECT_EQ(page.find("@import"), std::string::npos);
    EXPECT_EQ(page.find("url("), std::string::npos);
    // The only addresses are the SVG namespaces, which name and never fetch.
    size_t http = 0;
    for (size_t at = page.find("http:"); at != std::string::npos; at = page.find("http:", at + 1))
        http += page.compare(at, 26, "http://www.w3.org/2000/svg") != 0
            && page.compare(at, 28, "http://www.w3.org/1999/xlink") != 0;
    EXPECT_EQ(http, 0u);
    EXPECT_EQ(page.find("https:"), std::string::npos);
}
