// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;

namespace roofline {
struct LlmSettings;
}

namespace roofline::ui {

class SessionDocument;

/// The LLM workload: model, batch (log slider 1-1024), prompt and context, weight and KV
/// precisions; decode and prefill points, the batch trajectory and the levers on the plot.
class LlmPanel : public QWidget {
    Q_OBJECT
public:
    explicit LlmPanel(SessionDocument* document, QWidget* parent = nullptr);

    QSlider* batchSlider() const { return m_batch; }
    QSpinBox* batchBox() const { return m_batchBox; }
    QCheckBox* enabledBox() const { return m_enabled; }
    QComboBox* modelCombo() const { return m_model; }
    QComboBox* weightsCombo() const { return m_weights; }
    QSpinBox* chipsBox() const { return m_chips; }
    QString resultText() const;

    /// Slider position <-> batch: batch = round(1024^(position / 100)).
    static int batchForPosition(int position);
    static int positionForBatch(int batch);

private:
    // The constructor's steps, top to bottom.
    void addModelRows(QFormLayout& form); ///< on the plot, model, parameters
    void addWorkloadRows(QFormLayout& form); ///< batch, prompt, context, chips
    void addFormatAndResultRows(QFormLayout& form); ///< weights, KV cache, trajectory, levers, result
    void connectControls();
    /// The weights combo into the settings: precision, and bytes per weight for a block format.
    void applyWeights(LlmSettings& s) const;
    void fillModels();
    void refresh();
    void apply(const QString& what, int mergeKey = -1);
    void addLayersAsKernels();

    SessionDocument* m_doc;
    QCheckBox* m_enabled;
    QComboBox* m_model;
    QLineEdit* m_params;
    QSlider* m_batch;
    QSpinBox* m_batchBox; ///< the batch, typed (the slider steps through 1 to 1024 on a log scale)
    QSpinBox* m_prompt;
    QSpinBox* m_context;
    QSpinBox* m_chips;
    QComboBox* m_weights;
    QComboBox* m_kv;
    QCheckBox* m_trajectory;
    QCheckBox* m_levers;
    QComboBox* m_faster;
    QLabel* m_result;
    QPushButton* m_addLayers;
    bool m_updating = false;
    int m_dragKey = 100;
};

} // namespace roofline::ui
