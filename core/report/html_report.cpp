// SPDX-License-Identifier: MIT
#include "core/report/html_report.h"

#include "core/common/text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>

namespace roofline {
namespace {

/// The page's look: the figure over its table, a row per kernel, the tip beside the pointer.
const char* const kStyle = R"(
body { font: 14px/1.4 'DejaVu Sans', Helvetica, Arial, sans-serif; margin: 1.5em auto; max-width: 1300px;
  padding: 0 1em; color: #1d1d1f; background: #fff; }
h1 { font-size: 1.4em; margin: 0 0 .3em; }
h2 { font-size: 1.1em; margin: 1.5em 0 .4em; }
.summary { margin: .2em 0; }
nav.precisions { margin: 1em 0 .5em; }
nav.precisions a { display: inline-block; padding: .25em .8em; margin: 0 .3em .3em 0; border: 1px solid #bbb;
  border-radius: 4px; color: #1d1d1f; text-decoration: none; }
nav.precisions a[aria-current="true"] { background: #1f5f8b; border-color: #1f5f8b; color: #fff; }
.caption { color: #555; margin: .3em 0; }
.figure { position: relative; max-width: 1000px; }
.scroll { overflow-x: auto; }
.save { font-size: 13px; margin: .2em 0; }
input.filter { margin-top: .8em; padding: .3em .5em; width: 22em; font: inherit; }
.figure svg { width: 100%; height: auto; display: block; }
.hit { fill: transparent; stroke: none; cursor: pointer; pointer-events: all; }
.hit.selected { stroke: #d62728; stroke-width: 3; }
.tip { position: absolute; z-index: 2; background: #fffff2; border: 1px solid #999; border-radius: 4px;
  padding: .4em .6em; font-size: 12px; max-width: 480px; box-shadow: 0 2px 6px rgba(0,0,0,.2);
  pointer-events: none; }
.tip dl, .facts dl { display: grid; grid-template-columns: max-content auto; gap: .1em .8em; margin: 0; }
.tip dt { color: #555; }
.tip dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin-top: .8em; font-size: 13px; }
th, td { padding: .25em .5em; border-bottom: 1px solid #e3e3e3; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; white-space: normal; overflow-wrap: anywhere; min-width: 16em; }
th { cursor: pointer; user-select: none; background: #f4f4f4; position: sticky; top: 0; }
th[aria-sort="ascending"]::after { content: " \25B2"; }
th[aria-sort="descending"]::after { content: " \25BC"; }
tbody tr { cursor: pointer; }
tbody tr:hover { background: #f3f8fc; }
tbody tr.selected { background: #fde9e9; }
.notes { color: #555; font-size: 13px; }
footer dl { display: grid; grid-template-columns: max-content auto; gap: .2em 1em; font-size: 13px; }
footer dt { color: #555; }
footer dd { margin: 0; overflow-wrap: anywhere; }
)";

/// The page around figures drawn in the dark theme (the export's --theme dark colours).
const char* const kDarkStyle = R"(
body { color: #e6e6e6; background: #1e1f22; }
nav.precisions a { color: #e6e6e6; border-color: #555; }
nav.precisions a[aria-current="true"] { background: #3d7ab0; border-color: #3d7ab0; }
.caption, .notes, footer dt, .tip dt { color: #a0a0a8; }
.tip { background: #2b2d31; border-color: #666; }
th { background: #2b2d31; }
th, td { border-bottom-color: #3a3c42; }
tbody tr:hover { background: #263240; }
tbody tr.selected { background: #4a2a2e; }
input.filter { background: #2b2d31; color: #e6e6e6; border: 1px solid #555; }
a { color: #8cc4f0; }
)";

/// Toggle (the #precision in the address), hover, select and sort: plain script, no library.
const char* const kScript = R"(
(function () {
  var views = document.querySelectorAll('section.view');
  var links = document.querySelectorAll('nav.precisions a');
  function show(id) {
    var found = false;
    views.forEach(function (v) { var on = v.dataset.view === id; v.hidden = !on; found = found || on; });
    if (found) links.forEach(function (a) { a.setAttribute('aria-current', a.dataset.view === id); });
    return found;
  }
  function select(view, row) {
    view.querySelectorAll('.selected').forEach(function (e) { e.classList.remove('selected'); });
    view.querySelectorAll('tr[data-row="' + row + '"], .hit[data-row="' + row + '"]').forEach(function (e) {
      e.classList.add('selected');
    });
  }
  // The address says the precision and the kernel picked: #fp8 or #fp8/3, a link to share.
  function fromAddress() {
    var parts = location.hash.slice(1).split('/');
    if (!show(parts[0])) return show(document.body.dataset.shown);
    if (parts.length > 1) select(document.getElementById('view-' + parts[0]), parts[1]);
  }
  function pick(view, row) { location.hash = view.dataset.view + '/' + row; }
  // A figure as a file of its own: the SVG the export writes, without the page's hover targets.
  function svgFile(figure) {
    var svg = figure.cloneNode(true);
    svg.querySelector('.hits').remove();
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(svg);
  }
  function save(name, address) {
    var a = document.createElement('a');
    a.download = name;
    a.href = address;
    document.body.appendChild(a);
    a.click();
    a.remove();
  }
  window.addEventListener('hashchange', fromAddress);
  fromAddress();
  views.forEach(function (view) {
    var tip = view.querySelector('.tip'), figure = view.querySelector('.figure');
    view.querySelectorAll('.hit').forEach(function (hit) {
      hit.addEventListener('mouseenter', function () {
        var facts = view.querySelector('.facts dl[data-row="' + hit.dataset.row + '"]');
        var name = view.querySelector('tbody tr[data-row="' + hit.dataset.row + '"] td');
        if (!facts || !name) return;
        var dl = facts.cloneNode(true), dt = document.createElement('dt'), dd = document.createElement('dd');
        dt.textContent = 'kernel';
        dd.textContent = name.title || name.textContent;
        dl.prepend(dt, dd);
        dl.querySelectorAll('dd[data-t]').forEach(function (d) {
          d.textContent = document.querySelector('.shared [data-t="' + d.dataset.t + '"]').textContent;
        });
        tip.replaceChildren(dl);
        var box = figure.getBoundingClientRect(), at = hit.getBoundingClientRect();
        tip.style.left = Math.min(at.right - box.left + 8, Math.max(0, box.width - 490)) + 'px';
        tip.style.top = (at.bottom - box.top + 8) + 'px';
        tip.hidden = false;
      });
      hit.addEventListener('mouseleave', function () { tip.hidden = true; });
      hit.addEventListener('click', function () { pick(view, hit.dataset.row); });
    });
    view.querySelectorAll('tbody tr').forEach(function (tr) {
      tr.addEventListener('click', function () { pick(view, tr.dataset.row); });
    });
    view.querySelectorAll('.save a').forEach(function (link) {
      link.addEventListener('click', function (e) {
        e.preventDefault();
        var name = 'roofline-' + view.dataset.view, figure = view.querySelector('.figure svg');
        var svg = new Blob([svgFile(figure)], {type: 'image/svg+xml'});
        if (link.dataset.kind === 'svg') return save(name + '.svg', URL.createObjectURL(svg));
        var image = new Image(), box = figure.viewBox.baseVal; // PNG: the SVG drawn at twice its size
        image.onload = function () {
          var canvas = document.createElement('canvas');
          canvas.width = box.width * 2;
          canvas.height = box.height * 2;
          canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
          save(name + '.png', canvas.toDataURL('image/png'));
        };
        image.src = URL.createObjectURL(svg);
      });
    });
    var filter = view.querySelector('input.filter');
    if (filter) filter.addEventListener('input', function () {
      var words = filter.value.toLowerCase();
      view.querySelectorAll('tbody tr').forEach(function (tr) {
        var name = tr.cells[0].title || tr.cells[0].textContent;
        tr.hidden = name.toLowerCase().indexOf(words) < 0;
      });
    });
    view.querySelectorAll('th').forEach(function (th, col) {
      th.addEventListener('click', function () {
        var body = th.closest('table').tBodies[0], up = th.getAttribute('aria-sort') !== 'ascending';
        th.parentNode.querySelectorAll('th').forEach(function (o) { o.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
        Array.prototype.slice.call(body.rows).sort(function (a, b) {
          var x = a.cells[col], y = b.cells[col], p = x.dataset.v, q = y.dataset.v;
          if (p === undefined && q !== undefined) return 1;
          if (q === undefined && p !== undefined) return -1;
          var d = p === undefined ? x.textContent.localeCompare(y.textContent) : p - q;
          return up ? d : -d;
        }).forEach(function (tr) { body.appendChild(tr); });
      });
    });
  });
})();
)";

/// Six digits: enough to order a column (the table shows three).
std::string sortNumber(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", v);
    return text;
}

std::string number(double v)
{
    return std::isfinite(v) ? shortestNumber(v) : std::string("0");
}

/// Every occurrence of `from` in `s` replaced by `to`.
void replaceAll(std::string& s, const std::string& from, const std::string& to)
{
    for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
}

/// `attribute` taken out of every group's opening tag (`<g ...>`), not out of what they hold.
void replaceInGroups(std::string& svg, const std::string& attribute)
{
    for (size_t at = svg.find("<g "); at != std::string::npos; at = svg.find("<g ", at + 1)) {
        const size_t end = svg.find('>', at);
        const size_t hit = svg.find(attribute, at);
        if (hit != std::string::npos && hit < end)
            svg.erase(hit, attribute.size());
    }
}

/// Groups with nothing in them taken out: QSvgGenerator opens one per state change of the
/// painter, drawn into or not (a third of the file).
std::string withoutEmptyGroups(const std::string& svg)
{
    std::string out;
    out.reserve(svg.size());
    size_t from = 0;
    for (size_t at = svg.find("<g "); at != std::string::npos; at = svg.find("<g ", from)) {
        const size_t openEnd = svg.find('>', at);
        if (openEnd == std::string::npos)
            break;
        const size_t next = svg.find_first_not_of(" \t\r\n", openEnd + 1);
        if (next != std::string::npos && svg.compare(next, 4, "</g>") == 0) { // an empty group
            out.append(svg, from, at - from);
            from = std::min(svg.find_first_not_of(" \t\r\n", next + 4), svg.size());
            continue;
        }
        out.append(svg, from, openEnd + 1 - from);
        from = openEnd + 1;
    }
    out.append(svg, from, std::string::npos);
    return out;
}

/// The font stack every group repeats said once, on the root (only when every group has the
/// same one, so that none inherits another's).
void fontFamilyOnTheRoot(std::string& svg)
{
    const std::string family = "font-family=\"";
    const size_t first = svg.find(family);
    if (first == std::string::npos)
        return;
    const std::string attribute = svg.substr(first, svg.find('"', first + family.size()) + 1 - first);
    for (size_t at = svg.find(family); at != std::string::npos; at = svg.find(family, at + 1))
        if (svg.compare(at, attribute.size(), attribute) != 0)
            return;
    replaceAll(svg, attribute + " ", "");
    replaceAll(svg, attribute, "");
    const size_t root = svg.find("<svg");
    if (root != std::string::npos)
        svg.insert(root + 4, " " + attribute);
}

/// Numbers in attributes cut to a hundredth of a pixel (123.4567 -> 123.45); the text drawn
/// keeps every digit.
std::string hundredths(const std::string& svg)
{
    std::string out;
    out.reserve(svg.size());
    bool inTag = false;
    for (size_t i = 0; i < svg.size(); ++i) {
        out += svg[i];
        inTag = svg[i] == '<' ? true : svg[i] == '>' ? false : inTag;
        if (inTag && svg[i] == '.' && i > 0 && std::isdigit(static_cast<unsigned char>(svg[i - 1]))) {
            size_t j = i + 1, kept = 0;
            for (; j < svg.size() && std::isdigit(static_cast<unsigned char>(svg[j])); ++j)
                if (kept++ < 2)
                    out += svg[j];
            i = j - 1;
        }
    }
    return out;
}

/// The SVG writer's output without what draws nothing: empty groups, identity transforms, SVG's
/// initial values, the font stack repeated on every group, digits past a hundredth of a pixel.
/// The figure the page shows is the one the export draws, in about half the bytes.
std::string compactSvg(const std::string& svg)
{
    std::string out = withoutEmptyGroups(svg);
    replaceAll(out, " transform=\"matrix(1,0,0,1,0,0)\"", "");
    // The groups are siblings under one root group that sets none of these; vector-effect is not
    // inherited at all.
    replaceAll(out, " vector-effect=\"none\"", "");
    for (const char* initial : {" fill-opacity=\"1\"", " stroke-opacity=\"1\"", " font-weight=\"400\"",
             " font-style=\"normal\"", " stroke-dashoffset=\"0\""})
        replaceInGroups(out, initial);
    fontFamilyOnTheRoot(out);
    return hundredths(out);
}

/// The figure as an element of the page: the SVG without its XML declaration and document title
/// (a browser would show it as the tip of every point), sized by the page, with a transparent
/// circle over each kernel's point to hover and click.
std::string inlineFigure(const HtmlView& view)
{
    std::string svg = compactSvg(view.svg);
    const size_t root = svg.find("<svg");
    if (root == std::string::npos)
        return {};
    svg.erase(0, root);
    const size_t titleAt = svg.find("<title>"), titleEnd = svg.find("</title>");
    if (titleAt != std::string::npos && titleEnd != std::string::npos && titleAt < titleEnd)
        svg.erase(titleAt, titleEnd + 8 - titleAt);
    const size_t close = svg.rfind("</svg>");
    if (close == std::string::npos)
        return {};
    std::string hits = "<g class=\"hits\">\n";
    for (const HtmlPoint& p : view.points)
        hits += "<circle class=\"hit\" cx=\"" + number(p.x) + "\" cy=\"" + number(p.y) + "\" r=\"8\" data-row=\""
            + std::to_string(p.row) + "\"/>\n";
    svg.insert(close, hits + "</g>\n");
    return svg;
}

std::string tableHtml(const HtmlView& view)
{
    if (view.table.size() < 2)
        return "<p class=\"notes\">No kernels: the figure is all there is.</p>\n";
    std::string out
        = "<input class=\"filter\" type=\"search\" placeholder=\"Filter kernels by name\" "
          "aria-label=\"Filter kernels by name\">\n<div class=\"scroll\">\n<table class=\"kernels\">\n<thead><tr>";
    for (const TableCell& h : view.table.front())
        out += "<th scope=\"col\">" + htmlEscape(h.text) + "</th>";
    out += "</tr></thead>\n<tbody>\n";
    for (size_t r = 1; r < view.table.size(); ++r) {
        out += "<tr data-row=\"" + std::to_string(r - 1) + "\">";
        for (const TableCell& c : view.table[r]) {
            out += "<td";
            if (c.sortKey && std::isfinite(*c.sortKey))
                out += " data-v=\"" + sortNumber(*c.sortKey) + "\"";
            if (!c.whole.empty())
                out += " title=\"" + htmlEscape(c.whole) + "\"";
            out += ">" + htmlEscape(c.text) + "</td>";
        }
        out += "</tr>\n";
    }
    return out + "</tbody>\n</table>\n</div>\n";
}

/// Long texts many kernels share (a regime's lever, said 280 times in a 40-kernel report), each
/// written once: a fact holding one says its number and the tip fills it in.
using SharedTexts = std::map<std::string, int>;

SharedTexts sharedTexts(const HtmlReport& report)
{
    constexpr size_t kLong = 60;
    std::map<std::string, int> uses;
    for (const HtmlView& v : report.views)
        for (const Facts& facts : v.facts)
            for (const auto& fact : facts)
                if (fact.second.size() >= kLong)
                    ++uses[fact.second];
    SharedTexts shared;
    for (const auto& [text, n] : uses)
        if (n > 1)
            shared.emplace(text, static_cast<int>(shared.size()));
    return shared;
}

std::string factsHtml(const Facts& facts, const SharedTexts& shared = {})
{
    std::string out;
    for (const auto& [label, text] : facts) {
        const auto it = shared.find(text);
        out += "<dt>" + htmlEscape(label) + "</dt>"
            + (it == shared.end() ? "<dd>" + htmlEscape(text) + "</dd>"
                                  : "<dd data-t=\"" + std::to_string(it->second) + "\"></dd>");
    }
    return out;
}

std::string viewHtml(const HtmlView& view, const SharedTexts& shared)
{
    std::string out = "<section class=\"view\" id=\"view-" + htmlEscape(view.id) + "\" data-view=\""
        + htmlEscape(view.id) + "\">\n<p class=\"caption\">" + htmlEscape(view.caption) + "</p>\n";
    out += "<div class=\"figure\">\n" + inlineFigure(view) + "<div class=\"tip\" hidden></div>\n</div>\n";
    out += "<p class=\"save\">Save this figure: <a href=\"#\" data-kind=\"svg\">SVG</a> \xC2\xB7 "
           "<a href=\"#\" data-kind=\"png\">PNG</a></p>\n";
    out += tableHtml(view);
    out += "<div class=\"facts\" hidden>\n";
    for (size_t r = 0; r < view.facts.size(); ++r)
        if (!view.facts[r].empty())
            out += "<dl data-row=\"" + std::to_string(r) + "\">" + factsHtml(view.facts[r], shared) + "</dl>\n";
    out += "</div>\n";
    if (!view.notes.empty()) {
        out += "<ul class=\"notes\">\n";
        for (const auto& n : view.notes)
            out += "<li>" + htmlEscape(n) + "</li>\n";
        out += "</ul>\n";
    }
    return out + "</section>\n";
}

} // namespace

std::string htmlEscape(const std::string& s)
{
    std::string out;
    out.reserve(s.size() + s.size() / 8);
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (ch) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&#39;";
            break;
        default:
            if (c < 0x20 || c == 0x7F)
                out += printable(std::string(1, ch));
            else
                out += ch;
        }
    }
    return out;
}

std::string renderHtmlReport(const HtmlReport& report)
{
    const std::string shown = report.views.empty() ? std::string() : report.views[report.shown].id;
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                      "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src blob:\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                      "<meta name=\"generator\" content=\"Roofline Studio\">\n<title>"
        + htmlEscape(report.title) + "</title>\n<style>" + kStyle + (report.dark ? kDarkStyle : "")
        + "</style>\n</head>\n<body data-shown=\"" + htmlEscape(shown) + "\">\n<header>\n<h1>"
        + htmlEscape(report.title) + "</h1>\n";
    for (const auto& line : report.summary)
        out += "<p class=\"summary\">" + htmlEscape(line) + "</p>\n";
    out += "</header>\n";
    if (report.views.size() > 1) {
        out += "<nav class=\"precisions\" aria-label=\"precision\">";
        for (const HtmlView& v : report.views)
            out += "<a href=\"#" + htmlEscape(v.id) + "\" data-view=\"" + htmlEscape(v.id) + "\">" + htmlEscape(v.label)
                + "</a>";
        out += "</nav>\n";
    }
    const SharedTexts shared = sharedTexts(report);
    for (const HtmlView& v : report.views)
        out += viewHtml(v, shared);
    out += "<div class=\"shared\" hidden>\n";
    for (const auto& [text, id] : shared)
        out += "<p data-t=\"" + std::to_string(id) + "\">" + htmlEscape(text) + "</p>\n";
    out += "</div>\n";
    out += "<footer>\n<h2>Where this comes from</h2>\n<dl>" + factsHtml(report.provenance) + "</dl>\n</footer>\n";
    return out + "<script>" + kScript + "</script>\n</body>\n</html>\n";
}

} // namespace roofline
