// SPDX-License-Identifier: MIT
// What the label layout's callers do with it (label_layout.h): lay out a spec's own labels, keep
// the key to a number of lines, pad a text along its line, list the markers labels avoid.
#include "core/labels/label_layout.h"
#include "core/labels/label_parts.h"
#include "core/labels/obstacles.h"

#include <algorithm>

namespace roofline {

std::array<int, 4> alongLinePadding(const PlotLabel& l)
{
    const int gap = l.role == LabelRole::SlopeLabel ? 5 : l.role == LabelRole::RidgeLabel ? 4 : 3;
    return {l.align == PlotLabel::Align::Left ? gap : 0, l.valign == PlotLabel::VAlign::Below ? gap : 0,
        l.align == PlotLabel::Align::Right ? gap : 0, l.valign == PlotLabel::VAlign::Above ? gap : 0};
}

LabelLayoutResult layoutLabels(const PlotSpec& spec, const LabelMetrics& m)
{
    return detail::layoutLabels(spec, m, spec.pointLogs.empty() ? nullptr : &spec.pointLogs);
}

void layoutPointLabels(PlotSpec& spec, const LabelMetrics& m)
{
    LabelLayoutResult r = layoutLabels(spec, m);
    spec.labels = std::move(r.labels);
    spec.key = std::move(r.key);
    spec.unnamedKernels += r.unnamed;
}

void keepKeyLines(LabelLayoutResult& r, size_t keep)
{
    std::vector<PlotLabel*> keyed;
    for (PlotLabel& l : r.labels)
        if (l.keyNumber > 0)
            keyed.push_back(&l);
    if (keyed.size() <= keep)
        return;
    std::stable_sort(
        keyed.begin(), keyed.end(), [](const PlotLabel* a, const PlotLabel* b) { return a->weight > b->weight; });
    for (size_t i = keep; i < keyed.size(); ++i) {
        keyed[i]->text.clear();
        keyed[i]->keyNumber = 0;
        ++r.unnamed;
    }
    keyed.resize(keep);
    std::sort(
        keyed.begin(), keyed.end(), [](const PlotLabel* a, const PlotLabel* b) { return a->keyNumber < b->keyNumber; });
    std::vector<std::string> key;
    for (PlotLabel* l : keyed) {
        key.push_back(std::move(r.key[static_cast<size_t>(l->keyNumber) - 1]));
        l->keyNumber = static_cast<int>(key.size());
    }
    r.key = std::move(key);
}

std::vector<size_t> labelLayoutMarkers(const PlotSpec& spec, const std::vector<PlotXY>* logs)
{
    std::vector<size_t> out;
    detail::LayoutMarkers(spec, logs).all([&](size_t i, const PlotXY&) { out.push_back(i); });
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace roofline
