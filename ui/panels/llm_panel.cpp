// SPDX-License-Identifier: MIT
#include "ui/panels/llm_panel.h"

#include "core/llm/llm_report.h"

#include "core/model/units.h"
#include "ui/document/session_document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>

#include <cmath>

namespace roofline::ui {
namespace {

constexpr const char* kCustom = "__custom__";

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

void fillPrecisions(QComboBox* box)
{
    box->addItem(QObject::tr("Follow the roof"), QString());
    for (Precision p : {Precision::FP32, Precision::BF16, Precision::FP16, Precision::FP8, Precision::INT8,
             Precision::FP6, Precision::FP4})
        box->addItem(QStringLiteral("%1 (%2 B)").arg(qs(precisionLabel(p)), qs(formatNumber(bytesPerElement(p), 3))),
            qs(precisionName(p)));
}

/// The precisions, and the block-scaled formats beside the precision they compute in.
void fillWeightFormats(QComboBox* box)
{
    box->addItem(QObject::tr("Follow the roof"), QString());
    for (const char* name : {"fp32", "bf16", "fp16", "fp8", "mxfp8", "int8", "fp6", "mxfp6", "fp4", "mxfp4", "nvfp4"}) {
        const WeightFormat f = *parseWeightFormat(name);
        const QString label = f.name == precisionName(f.compute) ? qs(precisionLabel(f.compute)) : qs(f.name).toUpper();
        box->addItem(QStringLiteral("%1 (%2 B)").arg(label, qs(formatNumber(f.bytesPerValue, 4))), qs(f.name));
    }
}

/// The combo's entry for a session's weights: a block-scaled format when its bytes say so.
int weightIndex(const QComboBox* box, const LlmSettings& s)
{
    if (!s.weightPrecision)
        return 0;
    for (int i = 1; i < box->count(); ++i) {
        const auto f = parseWeightFormat(box->itemData(i).toString().toStdString());
        const double bytes = s.bytesPerWeight.value_or(bytesPerElement(*s.weightPrecision));
        if (f && f->compute == *s.weightPrecision && f->bytesPerValue == bytes)
            return i;
    }
    return std::max(0, box->findData(qs(precisionName(*s.weightPrecision))));
}

std::optional<Precision> precisionOf(const QComboBox* box)
{
    const QString name = box->currentData().toString();
    if (name.isEmpty())
        return std::nullopt;
    return parsePrecision(name.toStdString());
}

} // namespace

int LlmPanel::batchForPosition(int position)
{
    return std::max(1, static_cast<int>(std::lround(std::pow(1024.0, position / 100.0))));
}

int LlmPanel::positionForBatch(int batch)
{
    return static_cast<int>(std::lround(100.0 * std::log(std::max(1, batch)) / std::log(1024.0)));
}

LlmPanel::LlmPanel(SessionDocument* document, QWidget* parent)
    : QWidget(parent)
    , m_doc(document)
    , m_enabled(new QCheckBox(tr("Show the LLM on the plot"), this))
    , m_model(new QComboBox(this))
    , m_params(new QLineEdit(this))
    , m_batch(new QSlider(Qt::Horizontal, this))
    , m_batchBox(new QSpinBox(this))
    , m_prompt(new QSpinBox(this))
    , m_context(new QSpinBox(this))
    , m_chips(new QSpinBox(this))
    , m_weights(new QComboBox(this))
    , m_kv(new QComboBox(this))
    , m_trajectory(new QCheckBox(tr("Trajectory (batch 1 \u2192 1024)"), this))
    , m_levers(new QCheckBox(tr("Levers:"), this))
    , m_faster(new QComboBox(this))
    , m_result(new QLabel(this))
    , m_addLayers(new QPushButton(tr("Add Layers as Kernels"), this))
{
    auto* form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addModelRows(*form);
    addWorkloadRows(*form);
    addFormatAndResultRows(*form);
    connectControls();
    refresh();
}

void LlmPanel::addModelRows(QFormLayout& form)
{
    m_enabled->setObjectName(QStringLiteral("llmEnabled"));
    m_enabled->setToolTip(tr("Place the model's decode step and prompt prefill on the roofline"));
    form.addRow(m_enabled);

    m_model->setObjectName(QStringLiteral("llmModel"));
    m_model->setToolTip(tr("A model preset (resources/models), or a dense model given by its parameter count"));
    fillModels();
    form.addRow(tr("&Model:"), m_model);
    m_params->setPlaceholderText(tr("e.g. 70B or 7e10"));
    m_params->setToolTip(tr("Parameters of a dense model: FLOPs = 2 x parameters per token"));
    form.addRow(tr("Parameters:"), m_params);
}

void LlmPanel::addWorkloadRows(QFormLayout& form)
{
    auto* batchRow = new QHBoxLayout;
    m_batch->setObjectName(QStringLiteral("llmBatch"));
    m_batch->setRange(0, 100);
    m_batch->setToolTip(tr("Concurrent sequences (log scale, 1 to 1024): batching shares one weight read"));
    m_batchBox->setObjectName(QStringLiteral("llmBatchBox"));
    m_batchBox->setRange(1, 65536);
    m_batchBox->setToolTip(tr("Concurrent sequences: type any batch, or drag the slider (1 to 1024)"));
    m_batchBox->setKeyboardTracking(false); // typed: applied on Enter or leaving the box
    batchRow->addWidget(m_batch, 1);
    batchRow->addWidget(m_batchBox);
    auto* batchLabel = new QLabel(tr("&Batch:"), this); // a row of two: the label needs its buddy
    batchLabel->setBuddy(m_batchBox);
    form.addRow(batchLabel, batchRow);
    m_prompt->setRange(1, 1 << 22);
    m_prompt->setToolTip(tr("Prompt length in tokens: the prefill"));
    form.addRow(tr("&Prompt:"), m_prompt);
    m_context->setRange(0, 1 << 22);
    m_context->setToolTip(tr("Tokens already in the KV cache at the decode step (0: no KV traffic)"));
    form.addRow(tr("&Context:"), m_context);
    m_chips->setObjectName(QStringLiteral("llmChips"));
    m_chips->setRange(1, 64);
    m_chips->setToolTip(tr("Tensor parallel over this many chips: weights and KV cache split, two all-reduces a "
                           "layer over the part's interconnect (the time bound adds them)"));
    form.addRow(tr("C&hips:"), m_chips);
}

void LlmPanel::addFormatAndResultRows(QFormLayout& form)
{
    fillWeightFormats(m_weights);
    fillPrecisions(m_kv);
    m_weights->setToolTip(
        tr("Weight precision or block-scaled format (MXFP4 4.25 bits with its per-32 scales, NVFP4 "
           "4.5 with its per-16): sets the bytes per weight (follows the BF16/FP8 toggle unless set)"));
    m_kv->setToolTip(tr("KV-cache precision (follows the BF16/FP8 toggle unless set)"));
    form.addRow(tr("&Weights:"), m_weights);
    form.addRow(tr("&KV cache:"), m_kv);
    form.addRow(m_trajectory);
    auto* leverRow = new QHBoxLayout;
    m_trajectory->setToolTip(
        tr("Draw where decode sits as the batch grows from 1 to 1024: it climbs the memory slope"));
    m_levers->setToolTip(tr("What-if arrows from the decode point: batch x8, quantize one step, a faster-memory part"));
    leverRow->addWidget(m_levers);
    m_faster->addItem(tr("(no faster part)"), QString());
    for (const auto& p : m_doc->catalog().profiles())
        m_faster->addItem(qs(p.name), qs(p.id));
    m_faster->setToolTip(tr("The accelerator for the faster-memory lever"));
    m_faster->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_faster->setMinimumContentsLength(10);
    leverRow->addWidget(m_faster, 1);
    form.addRow(leverRow);
    m_result->setObjectName(QStringLiteral("llmResult"));
    m_result->setTextFormat(Qt::RichText);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form.addRow(m_result);
    m_addLayers->setToolTip(tr("Add the decode and prefill breakdown (one kernel per layer type) to the kernels"));
    form.addRow(m_addLayers);
}

void LlmPanel::connectControls()
{
    connect(m_enabled, &QCheckBox::toggled, this, [this]() { apply(tr("LLM on the plot")); });
    connect(m_model, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() { apply(tr("LLM model")); });
    connect(m_params, &QLineEdit::editingFinished, this, [this]() { apply(tr("LLM parameters")); });
    connect(m_batch, &QSlider::sliderPressed, this, [this]() { ++m_dragKey; });
    connect(m_batch, &QSlider::valueChanged, this, [this](int position) {
        if (m_updating)
            return;
        const QSignalBlocker quiet(m_batchBox);
        m_batchBox->setValue(batchForPosition(position));
        apply(tr("LLM batch"), m_dragKey);
    });
    connect(m_batchBox, qOverload<int>(&QSpinBox::valueChanged), this, [this](int batch) {
        if (m_updating)
            return;
        const QSignalBlocker quiet(m_batch);
        m_batch->setValue(positionForBatch(batch));
        apply(tr("LLM batch"));
    });
    connect(m_prompt, qOverload<int>(&QSpinBox::valueChanged), this, [this]() { apply(tr("LLM prompt"), 1); });
    connect(m_context, qOverload<int>(&QSpinBox::valueChanged), this, [this]() { apply(tr("LLM context"), 2); });
    connect(m_chips, qOverload<int>(&QSpinBox::valueChanged), this, [this]() { apply(tr("LLM chips"), 3); });
    connect(m_weights, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() { apply(tr("LLM weights")); });
    connect(m_kv, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() { apply(tr("LLM KV cache")); });
    connect(m_trajectory, &QCheckBox::toggled, this, [this]() { apply(tr("LLM trajectory")); });
    connect(m_levers, &QCheckBox::toggled, this, [this]() { apply(tr("LLM levers")); });
    connect(m_faster, qOverload<int>(&QComboBox::currentIndexChanged), this, [this]() { apply(tr("Faster part")); });
    connect(m_addLayers, &QPushButton::clicked, this, &LlmPanel::addLayersAsKernels);
    connect(m_doc, &SessionDocument::changed, this, &LlmPanel::refresh);
}

QString LlmPanel::resultText() const
{
    return m_result->text();
}

void LlmPanel::apply(const QString& what, int mergeKey)
{
    if (m_updating)
        return;
    LlmSettings s = m_doc->session().llm;
    s.enabled = m_enabled->isChecked();
    const QString model = m_model->currentData().toString();
    if (model == QLatin1String(kCustom)) {
        QString t = m_params->text().trimmed();
        double scale = 1.0;
        if (t.endsWith(QLatin1Char('B'), Qt::CaseInsensitive))
            scale = 1e9, t.chop(1);
        else if (t.endsWith(QLatin1Char('M'), Qt::CaseInsensitive))
            scale = 1e6, t.chop(1);
        bool ok = false;
        const double v = t.trimmed().toDouble(&ok) * scale;
        s.parameters = ok && v > 0 && std::isfinite(v) ? v : 70e9;
    } else {
        s.parameters.reset();
        s.model = model.toStdString();
    }
    s.batch = m_batchBox->value();
    s.prompt = m_prompt->value();
    s.context = m_context->value();
    s.chips = m_chips->value();
    applyWeights(s);
    s.kvPrecision = precisionOf(m_kv);
    s.trajectory = m_trajectory->isChecked();
    s.levers = m_levers->isChecked();
    s.fasterHardware = m_faster->currentData().toString().toStdString();
    m_doc->setLlm(s, what, mergeKey);
}

void LlmPanel::applyWeights(LlmSettings& s) const
{
    const auto format = parseWeightFormat(m_weights->currentData().toString().toStdString());
    if (weightIndex(m_weights, s) == m_weights->currentIndex())
        return; // unchanged: keeps a session's own bytes per weight
    s.weightPrecision = format ? std::optional<Precision>(format->compute) : std::nullopt;
    s.bytesPerWeight.reset();
    if (format && format->bytesPerValue != bytesPerElement(format->compute))
        s.bytesPerWeight = format->bytesPerValue;
}

void LlmPanel::fillModels()
{
    // The presets, then the custom entry; rebuilt when a preset is added (a dropped file).
    const bool blocked = m_model->blockSignals(true);
    m_model->clear();
    for (const auto& m : m_doc->models())
        m_model->addItem(qs(m.name), qs(m.id));
    m_model->addItem(tr("Custom (parameters only)"), QString::fromLatin1(kCustom));
    m_model->blockSignals(blocked);
}

void LlmPanel::refresh()
{
    m_updating = true;
    if (m_model->count() != static_cast<int>(m_doc->models().size()) + 1)
        fillModels();
    const LlmSettings& s = m_doc->session().llm;
    m_enabled->setChecked(s.enabled);
    const int modelIndex = s.parameters ? m_model->findData(QString::fromLatin1(kCustom))
                                        : m_model->findData(QString::fromStdString(s.model));
    m_model->setCurrentIndex(std::max(0, modelIndex));
    m_params->setEnabled(s.parameters.has_value());
    if (s.parameters)
        m_params->setText(QString::fromStdString(formatNumber(*s.parameters / 1e9, 4)) + QStringLiteral("B"));
    m_batch->setValue(positionForBatch(s.batch));
    m_batchBox->setValue(s.batch);
    m_prompt->setValue(s.prompt);
    m_context->setValue(s.context);
    m_chips->setValue(s.chips);
    m_weights->setCurrentIndex(weightIndex(m_weights, s));
    m_kv->setCurrentIndex(std::max(0, m_kv->findData(s.kvPrecision ? qs(precisionName(*s.kvPrecision)) : QString())));
    m_trajectory->setChecked(s.trajectory);
    m_levers->setChecked(s.levers);
    m_faster->setCurrentIndex(std::max(0, m_faster->findData(qs(s.fasterHardware))));
    for (QWidget* w : std::initializer_list<QWidget*> {m_model, m_batch, m_batchBox, m_prompt, m_context, m_chips,
             m_weights, m_kv, m_trajectory, m_levers, m_faster, m_addLayers})
        w->setEnabled(s.enabled);
    m_params->setEnabled(s.enabled && s.parameters.has_value());

    QString html;
    if (!s.enabled) {
        html = tr("<span style='color:gray'>Turn on to see a model's decode and prefill on this roof.</span>");
    } else if (const auto& a = m_doc->llmAnalysis()) {
        const std::string unit = isIntegerPrecision(a->decode.placement.precision) ? "OP" : "FLOP";
        auto phase = [&](const PhaseResult& r, bool decode) {
            QString line
                = QStringLiteral("<b>%1</b>: %2, %3, I = %4<br>")
                      .arg(decode ? tr("Decode") : tr("Prefill"), qs(formatQuantity(r.cost.flops, Dimension::Flops)),
                          qs(formatQuantity(r.cost.bytes, Dimension::Bytes)),
                          qs(formatNumber(r.placement.intensity, 3)))
                + qs(regimeName(r.placement.regime)) + QStringLiteral(", ");
            if (decode)
                line
                    += tr("&ge; %1/token, &le; %2 tokens/s per stream, %3 in total")
                           .arg(qs(formatQuantity(r.timeLowerBound, Dimension::Time)),
                               qs(formatNumber(r.tokensPerSecondPerStream, 3)), qs(formatNumber(r.tokensPerSecond, 4)));
            else
                line += tr("TTFT &ge; %1, &le; %2 tokens/s")
                            .arg(qs(formatQuantity(r.timeLowerBound, Dimension::Time)),
                                qs(formatNumber(r.tokensPerSecond, 4)));
            line += tr("<br><span style='color:gray'>bytes: %1% weights, %2% KV cache</span>")
                        .arg(qs(formatNumber(r.weightFraction * 100, 3)), qs(formatNumber(r.kvFraction * 100, 3)));
            return line;
        };
        html = phase(a->decode, true) + QStringLiteral("<br>") + phase(a->prefill, false);
        if (!a->inputs.weightSource.empty()) // (the checkpoint's quantization_config, unless Weights is set)
            html += QStringLiteral("<br><span style='color:gray'>%1</span>")
                        .arg(tr("weights %1 B each, %2")
                                 .arg(qs(formatNumber(a->inputs.weightBytes(), 4)), qs(a->inputs.weightSource))
                                 .toHtmlEscaped());
        const QString memory = qs(llmMemoryLine(*a)).toHtmlEscaped();
        html += QStringLiteral("<br>")
            + (a->memory.fits ? memory : QStringLiteral("<span style='color:#c00'>%1</span>").arg(memory));
        html += QStringLiteral("<br><span style='color:gray'>%1</span>")
                    .arg(qs(llmCriticalBatchLine(*a)).toHtmlEscaped());
        (void)unit;
    } else {
        html = QStringLiteral("<span style='color:#c00'>%1</span>").arg(m_doc->llmError().toHtmlEscaped());
    }
    m_result->setText(html);
    m_updating = false;
}

void LlmPanel::addLayersAsKernels()
{
    const auto& a = m_doc->llmAnalysis();
    if (!a)
        return;
    std::vector<Kernel> kernels;
    for (const PhaseResult* r : {&a->decode, &a->prefill})
        for (const auto& row : r->cost.layers) {
            Kernel k;
            k.name = r->cost.phase + ": " + row.name;
            k.flops = row.flops;
            k.bytes = row.bytes;
            k.group = r->cost.phase;
            kernels.push_back(k);
        }
    m_doc->addKernels(std::move(kernels), tr("Add %1 layers as kernels").arg(qs(a->inputs.model.name)));
}

} // namespace roofline::ui
