// SPDX-License-Identifier: MIT
#include "ui/panels/kernel_table_model.h"

#include "core/common/text.h"
#include "core/model/kernel_name.h"
#include "core/model/units.h"
#include "ui/document/session_document.h"
#include "ui/plot/plot_style.h"

#include <QBrush>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>

namespace roofline::ui {
namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

QString rateText(double v, roofline::Precision p)
{
    return qs(formatSI(v, 3) + (isIntegerPrecision(p) ? "OP/s" : "FLOP/s"));
}

} // namespace

KernelTableModel::KernelTableModel(SessionDocument* document, QObject* parent)
    : QAbstractTableModel(parent)
    , m_doc(document)
{
    m_rows = static_cast<int>(m_doc->session().kernels.size());
    m_revision = m_doc->kernelsRevision();
    connect(m_doc, &SessionDocument::changed, this, &KernelTableModel::reset);
}

void KernelTableModel::reset()
{
    const int rows = static_cast<int>(m_doc->session().kernels.size());
    if (rows == m_rows && (m_doc->kernelsRevision() == m_revision || m_doc->lastEditWasInPlace())) {
        // The same rows (a precision, hardware or view change, or kernels edited in place, as a
        // drag does at every step): the cells change, the rows do not, so the selection, the
        // scroll position and the sort stay as they are and 10^5 rows are not laid out again.
        // A selection change leaves the kernels' own fields (name to group) as they were: only
        // the columns from the analysis are painted again.
        const int first = m_doc->kernelsRevision() == m_revision ? static_cast<int>(Achieved) : 0;
        m_revision = m_doc->kernelsRevision();
        if (rows > 0)
            emit dataChanged(index(0, first), index(rows - 1, ColumnCount - 1));
        if (m_sortColumn >= 0)
            sort(m_sortColumn, m_sortOrder); // the figures moved: their order may have too
        return;
    }
    beginResetModel();
    m_rows = rows;
    m_revision = m_doc->kernelsRevision();
    computeOrder();
    endResetModel();
}

void KernelTableModel::sort(int column, Qt::SortOrder order)
{
    if (column >= ColumnCount)
        return;
    if (column < 0 && m_sortColumn < 0)
        return; // already in the document's order
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    // The selection and the current row follow their kernels.
    const QModelIndexList before = persistentIndexList();
    std::vector<int> kernels;
    kernels.reserve(static_cast<size_t>(before.size()));
    for (const QModelIndex& i : before)
        kernels.push_back(i.row() < m_rows ? kernelAt(i.row()) : -1);
    m_sortColumn = column;
    m_sortOrder = order;
    computeOrder();
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype i = 0; i < before.size(); ++i) {
        const int kernel = kernels[static_cast<size_t>(i)];
        after.push_back(kernel >= 0 ? index(rowOf(kernel), before[i].column()) : QModelIndex());
    }
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void KernelTableModel::computeOrder()
{
    m_order.clear();
    m_rowOf.clear();
    if (m_sortColumn < 0 || m_rows == 0) {
        m_order.shrink_to_fit(); // unsorted, the table keeps nothing per row
        m_rowOf.shrink_to_fit();
        return;
    }
    m_order.resize(static_cast<size_t>(m_rows));
    for (int r = 0; r < m_rows; ++r)
        m_order[static_cast<size_t>(r)] = r;
    // Each key once (not two per comparison): text for the name and group, numbers otherwise.
    auto sortBy = [this](const auto& keys) {
        if (m_sortOrder == Qt::AscendingOrder)
            std::stable_sort(m_order.begin(), m_order.end(),
                [&](int a, int b) { return keys[static_cast<size_t>(a)] < keys[static_cast<size_t>(b)]; });
        else
            std::stable_sort(m_order.begin(), m_order.end(),
                [&](int a, int b) { return keys[static_cast<size_t>(b)] < keys[static_cast<size_t>(a)]; });
    };
    const auto& kernels = m_doc->session().kernels;
    if (m_sortColumn == Name || m_sortColumn == Group) {
        std::vector<std::string_view> keys(static_cast<size_t>(m_rows));
        for (size_t r = 0; r < keys.size(); ++r)
            keys[r] = m_sortColumn == Name ? std::string_view(kernels[r].name) : std::string_view(kernels[r].group);
        sortBy(keys);
    } else {
        std::vector<double> keys(static_cast<size_t>(m_rows));
        for (int r = 0; r < m_rows; ++r) {
            const double key = numericSortKey(r, m_sortColumn);
            keys[static_cast<size_t>(r)] = std::isnan(key) ? -std::numeric_limits<double>::infinity() : key;
        }
        sortBy(keys);
    }
    m_rowOf.resize(m_order.size());
    for (size_t r = 0; r < m_order.size(); ++r)
        m_rowOf[static_cast<size_t>(m_order[r])] = static_cast<int>(r);
}

int KernelTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int KernelTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KernelTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    static const char* titles[] = {"Name", "FLOPs", "Bytes", "Time", "Achieved", "Precision", "Group", "Intensity",
        "Regime", "Roof", "Headroom", "MFU", "Time share", "Gain at roof"};
    static const char* tips[] = {
        "Kernel name (unique)",
        "Work: e.g. 140 GFLOP or 1.4e11",
        "Traffic to main memory: e.g. 70 GB",
        "Measured time: e.g. 20.9 ms (empty: the kernel sits on its roof)",
        "Achieved rate (FLOPs / time); typing a rate sets the time",
        "The kernel's own precision (empty: the session's)",
        "Group or phase, free text",
        "FLOPs / bytes (FLOP/byte)",
        "Memory-bound, compute-bound or at the ridge (within 5 %)",
        "The roof at this intensity: min(P_peak, I x B_mem)",
        "Roof / achieved: how far below its roof the kernel runs",
        "Achieved / datasheet peak",
        "This kernel's share of the measured time",
        "Share of the total time saved if this kernel ran at its roof: rank by this to see where time would go",
    };
    if (role == Qt::DisplayRole)
        return QString::fromLatin1(titles[section]);
    if (role == Qt::ToolTipRole)
        return QString::fromLatin1(tips[section]);
    return {};
}

Qt::ItemFlags KernelTableModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() <= Group)
        f |= Qt::ItemIsEditable;
    return f;
}

double KernelTableModel::numericSortKey(int kernel, int col) const
{
    const Kernel& k = m_doc->session().kernels.at(static_cast<size_t>(kernel));
    const auto& analysis = m_doc->analysis();
    const Placement* p = analysis && kernel < static_cast<int>(analysis->placements.size())
        ? &analysis->placements[static_cast<size_t>(kernel)]
        : nullptr;
    const double totalTime = analysis ? analysis->summary.totalTime : 0.0;
    switch (col) {
    case Flops:
        return k.flops;
    case Bytes:
        return k.bytes;
    case Time:
        return k.time ? *k.time : -1.0;
    case Achieved:
        return p && p->achieved ? *p->achieved : -1.0;
    case Precision:
        return k.precision ? static_cast<int>(*k.precision) : -1;
    case Intensity:
        return p ? p->intensity : 0.0;
    case Regime:
        return p ? static_cast<int>(p->regime) : -1;
    case Roof:
        return p ? p->roof() : 0.0;
    case Headroom:
        return p && p->headroom() ? *p->headroom() : -1.0;
    case Mfu:
        if (const std::optional<double> mfu = p ? mfuOf(*p, analysis->roof) : std::optional<double>())
            return *mfu;
        return -1.0;
    case TimeShare: {
        const std::optional<double> share = p ? timeShareOf(k, totalTime) : std::optional<double>();
        return share ? *share : -1.0;
    }
    case Gain: {
        const std::optional<double> gain = p ? gainAtRoof(k, *p, totalTime) : std::optional<double>();
        return gain ? *gain : -1.0;
    }
    }
    return 0.0; // the name and group sort by their text (computeOrder)
}

namespace {

using Col = KernelTableModel::Column;

/// The Name column's names: wider than the figure's (40), so that most read whole.
constexpr std::size_t kTableNameChars = 72;

/// What a cell edits: the exact values, as they are typed back.
QVariant editText(int col, const Kernel& k, const Placement* p)
{
    switch (col) {
    case Col::Name:
        return qs(k.name);
    case Col::Flops:
        return qs(formatExact(k.flops, Dimension::Flops));
    case Col::Bytes:
        return qs(formatExact(k.bytes, Dimension::Bytes));
    case Col::Time:
        return k.time ? qs(formatExact(*k.time, Dimension::Time)) : QString();
    case Col::Achieved:
        return p && p->achieved ? qs(formatExact(*p->achieved, Dimension::FlopRate)) : QString();
    case Col::Precision:
        return k.precision ? qs(precisionName(*k.precision)) : QString();
    case Col::Group:
        return qs(k.group);
    }
    return {};
}

/// What a cell shows, with units; the placement's columns are empty without one.
QVariant displayText(
    int col, const Kernel& k, const Placement* p, const SessionAnalysis* analysis, roofline::Precision prec)
{
    const double totalTime = analysis ? analysis->summary.totalTime : 0.0;
    switch (col) {
    case Col::Name:
        return QVariant(); // the model's shownName: the whole signature in its tooltip and when edited
    case Col::Flops:
        return qs(formatQuantity(k.flops, Dimension::Flops));
    case Col::Bytes:
        return qs(formatQuantity(k.bytes, Dimension::Bytes));
    case Col::Time:
        return k.time ? qs(formatQuantity(*k.time, Dimension::Time)) : QString();
    case Col::Achieved:
        return p && p->achieved ? rateText(*p->achieved, prec) : QString();
    case Col::Precision:
        return k.precision ? qs(precisionLabel(*k.precision)) : QString();
    case Col::Group:
        return qs(k.group);
    case Col::Intensity:
        return p ? qs(formatNumber(p->intensity, 3)) : QString();
    case Col::Regime:
        return p ? qs(regimeName(p->regime)) + (p->aboveRoof ? QStringLiteral(" (above roof!)") : QString())
                 : QString();
    case Col::Roof:
        return p ? rateText(p->roof(), prec) : QString();
    case Col::Headroom:
        return p && p->headroom() ? qs(formatNumber(*p->headroom(), 3) + "x") : QString();
    case Col::Mfu:
        if (const std::optional<double> mfu = p ? mfuOf(*p, analysis->roof) : std::optional<double>())
            return qs(formatNumber(*mfu * 100, 3) + "%");
        return QString();
    case Col::TimeShare:
        if (const std::optional<double> share = p ? timeShareOf(k, totalTime) : std::nullopt)
            return qs(formatNumber(*share * 100, 3) + "%");
        return QString();
    case Col::Gain:
        if (const std::optional<double> gain = p ? gainAtRoof(k, *p, totalTime) : std::nullopt)
            return qs(formatNumber(*gain * 100, 3) + "%");
        return QString();
    }
    return {};
}

/// The regime column's colour: the regime's, or the warning's above the roof.
QBrush regimeBrush(const Placement& p)
{
    const PlotStyle style = PlotStyle::light();
    if (p.aboveRoof)
        return QBrush(style.aboveRoof);
    return QBrush(p.regime == Regime::MemoryBound ? style.memoryPoint
            : p.regime == Regime::ComputeBound    ? style.computePoint
            : p.regime == Regime::LatencyBound    ? style.latencyPoint
                                                  : style.ridgePoint);
}

} // namespace

QVariant KernelTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows)
        return {};
    const int kernel = kernelAt(index.row());
    const int col = index.column();
    const Kernel& k = m_doc->session().kernels.at(static_cast<size_t>(kernel));
    const auto& analysis = m_doc->analysis();
    const Placement* p = analysis && kernel < static_cast<int>(analysis->placements.size())
        ? &analysis->placements[static_cast<size_t>(kernel)]
        : nullptr;
    if (role == Qt::EditRole)
        return editText(col, k, p);
    if (role == Qt::DisplayRole && col == Name)
        return qs(shownName(kernel));
    if (role == Qt::DisplayRole)
        return displayText(col, k, p, analysis.get(), p ? p->precision : m_doc->precision());
    if (role == Qt::ForegroundRole && col == Regime && p)
        return regimeBrush(*p);
    if (role == Qt::ToolTipRole && p) {
        if (p->aboveRoof)
            return qs(aboveRoofWarning());
        if (col == Regime || col == Headroom)
            return qs(leverText(*p));
    }
    if (role == Qt::ToolTipRole && col == Name) // the whole signature
        return qs(printable(k.name, 2000));
    if (role == Qt::ToolTipRole && col == Group) // the whole text of an elided cell
        return data(index, Qt::DisplayRole);
    if (role == Qt::TextAlignmentRole && col != Name && col != Group && col != Regime && col != Precision)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

const std::string& KernelTableModel::shownName(int kernel) const
{
    const auto& kernels = m_doc->session().kernels;
    if (m_namesRevision != m_doc->kernelsRevision()) {
        m_namesRevision = m_doc->kernelsRevision();
        // A drag or a number typed changes the kernels, not their names: made again only when a
        // name changed (10^5 names are compared in a millisecond, made distinct in far more).
        bool same = m_fullNames.size() == kernels.size();
        for (size_t i = 0; same && i < kernels.size(); ++i)
            same = m_fullNames[i] == kernels[i].name;
        if (!same) {
            m_fullNames.clear();
            for (const Kernel& k : kernels)
                m_fullNames.push_back(k.name);
            m_shownNames = distinctKernelNames(m_fullNames, kTableNameChars);
        }
    }
    return m_shownNames.at(static_cast<size_t>(kernel));
}

bool KernelTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || role != Qt::EditRole || index.row() >= m_rows)
        return false;
    const int kernel = kernelAt(index.row());
    Kernel k = m_doc->session().kernels.at(static_cast<size_t>(kernel));
    const std::string text = value.toString().trimmed().toStdString();
    auto reject = [&](const std::string& what, const std::string& why) {
        emit editRejected(QString::fromStdString(what + ": " + why));
        return false;
    };
    QString undoText;
    switch (index.column()) {
    case Name:
        if (text.empty())
            return reject("Name", "a kernel needs a name");
        k.name = text;
        undoText = tr("Rename to %1").arg(qs(text));
        break;
    case Flops:
    case Bytes: {
        const bool flops = index.column() == Flops;
        auto r = parseQuantity(text, flops ? Dimension::Flops : Dimension::Bytes);
        if (!r)
            return reject(flops ? "FLOPs" : "Bytes", r.error().message);
        (flops ? k.flops : k.bytes) = r.value();
        undoText = tr("Edit %1 of %2").arg(flops ? tr("FLOPs") : tr("bytes"), qs(k.name));
        break;
    }
    case Time:
        if (text.empty()) {
            k.time.reset();
        } else {
            auto r = parseQuantity(text, Dimension::Time);
            if (!r)
                return reject("Time", r.error().message);
            k.time = r.value();
        }
        undoText = tr("Edit time of %1").arg(qs(k.name));
        break;
    case Achieved: {
        if (text.empty()) {
            k.time.reset();
        } else {
            auto r = parseQuantity(text, Dimension::FlopRate);
            if (!r)
                return reject("Achieved", r.error().message);
            k.time = k.flops / r.value();
        }
        undoText = tr("Edit achieved rate of %1").arg(qs(k.name));
        break;
    }
    case Precision:
        if (text.empty()) {
            k.precision.reset();
        } else {
            const auto p = parsePrecision(text);
            if (!p)
                return reject("Precision", "unknown precision '" + text + "'; use one of: " + precisionList());
            k.precision = p;
        }
        undoText = tr("Edit precision of %1").arg(qs(k.name));
        break;
    case Group:
        k.group = text;
        undoText = tr("Edit group of %1").arg(qs(k.name));
        break;
    default:
        return false;
    }
    if (auto why = validateKernel(k))
        return reject("Kernel", *why);
    m_doc->editKernel(kernel, k, undoText);
    return true;
}

} // namespace roofline::ui
