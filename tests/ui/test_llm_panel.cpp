// SPDX-License-Identifier: MIT
#include "support/fixtures.h"
#include "support/window_fixture.h"
#include "ui/document/session_document.h"
#include "ui/panels/llm_panel.h"
#include "ui/window/main_window.h"
#include "ui/window/roofline_plot_widget.h"

#include <qcustomplot.h>

#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QTest>

using namespace roofline;
using namespace roofline::ui;

namespace {

class LlmPanelTest : public test::WindowTest {
protected:
    void SetUp() override
    {
        WindowTest::SetUp();
        doc()->setPrecision(Precision::BF16);
    }
    LlmPanel* panel() const { return window->llmPanel(); }

    // The decode diamond drawn on the plot.
    double decodeX() const
    {
        auto* g = window->plotWidget()->plot()->findChild<QCPGraph*>(QStringLiteral("llm-decode"));
        EXPECT_NE(g, nullptr);
        return g && g->dataCount() ? g->data()->at(0)->key : 0.0;
    }
};

} // namespace

TEST_F(LlmPanelTest, BatchSliderMovesDecodeAcrossTheRidge)
{
    panel()->enabledBox()->setChecked(true);
    QComboBox* model = panel()->modelCombo();
    model->setCurrentIndex(model->findData(QStringLiteral("dense-70b")));
    ASSERT_TRUE(doc()->llmAnalysis().has_value()) << doc()->llmError().toStdString();
    const double ridge = doc()->roofline()->ridge(); // ~295 in BF16
    panel()->batchSlider()->setValue(0); // batch 1
    EXPECT_EQ(doc()->session().llm.batch, 1);
    EXPECT_DOUBLE_EQ(decodeX(), 1.0); // BF16 weights: 2 FLOP per 2 bytes
    EXPECT_EQ(doc()->llmAnalysis()->decode.placement.regime, Regime::MemoryBound);
    panel()->batchSlider()->setValue(100); // batch 1024
    EXPECT_EQ(doc()->session().llm.batch, 1024);
    EXPECT_DOUBLE_EQ(decodeX(), 1024.0);
    EXPECT_GT(decodeX(), ridge);
    EXPECT_EQ(doc()->llmAnalysis()->decode.placement.regime, Regime::ComputeBound);
    EXPECT_TRUE(panel()->resultText().contains(QStringLiteral("compute-bound")));
}

TEST_F(LlmPanelTest, FollowsTheBf16Fp8ToggleAndShowsTheLessonsNumbers)
{
    panel()->enabledBox()->setChecked(true);
    panel()->modelCombo()->setCurrentIndex(panel()->modelCombo()->findData(QStringLiteral("dense-70b")));
    window->toggleAction()->trigger(); // FP8: 1 byte per weight
    const auto& a = doc()->llmAnalysis();
    ASSERT_TRUE(a);
    EXPECT_DOUBLE_EQ(a->decode.cost.flops, 140e9);
    EXPECT_DOUBLE_EQ(a->decode.cost.bytes, 70e9);
    EXPECT_DOUBLE_EQ(decodeX(), 2.0);
    EXPECT_TRUE(panel()->resultText().contains(QStringLiteral("20.9 ms/token"))) << panel()->resultText().toStdString();
    EXPECT_TRUE(panel()->resultText().contains(QStringLiteral("47.9 tokens/s per stream")))
        << panel()->resultText().toStdString();
}

TEST_F(LlmPanelTest, SliderDragIsOneUndoStepAndLayersBecomeKernels)
{
    panel()->enabledBox()->setChecked(true);
    const int before = doc()->undoStack()->count();
    QSlider* s = panel()->batchSlider();
    emit s->sliderPressed();
    for (int v : {10, 30, 50, 70})
        s->setValue(v);
    EXPECT_EQ(doc()->undoStack()->count(), before + 1);
    doc()->undoStack()->undo();
    EXPECT_EQ(doc()->session().llm.batch, 1);
    const auto layers
        = doc()->llmAnalysis()->decode.cost.layers.size() + doc()->llmAnalysis()->prefill.cost.layers.size();
    QMetaObject::invokeMethod(panel()->findChild<QPushButton*>(), "click");
    EXPECT_EQ(doc()->session().kernels.size(), layers);
    EXPECT_EQ(doc()->session().kernels.front().name, "decode: q_proj");
}

TEST_F(LlmPanelTest, TheBatchCanBeTypedAndTheSliderFollows)
{
    panel()->enabledBox()->setChecked(true);
    QComboBox* model = panel()->modelCombo();
    model->setCurrentIndex(model->findData(QStringLiteral("dense-70b")));
    panel()->batchBox()->setValue(48); // not a power of two: the slider cannot give it
    EXPECT_EQ(doc()->session().llm.batch, 48);
    EXPECT_DOUBLE_EQ(decodeX(), 48.0);
    EXPECT_EQ(panel()->batchSlider()->value(), LlmPanel::positionForBatch(48));
    panel()->batchSlider()->setValue(100);
    EXPECT_EQ(panel()->batchBox()->value(), 1024) << "the box follows the slider";
    doc()->undoStack()->undo();
    EXPECT_EQ(panel()->batchBox()->value(), 48) << "the panel shows the session after an undo";
}

TEST_F(LlmPanelTest, BlockScaledWeightsCountTheirScalesAndReadBack)
{
    panel()->enabledBox()->setChecked(true);
    QComboBox* model = panel()->modelCombo();
    model->setCurrentIndex(model->findData(QStringLiteral("dense-70b")));
    QComboBox* weights = panel()->weightsCombo();
    weights->setCurrentIndex(weights->findData(QStringLiteral("nvfp4")));
    const LlmSettings& s = doc()->session().llm;
    ASSERT_TRUE(s.weightPrecision.has_value());
    EXPECT_EQ(*s.weightPrecision, Precision::FP4);
    ASSERT_TRUE(s.bytesPerWeight.has_value());
    EXPECT_DOUBLE_EQ(*s.bytesPerWeight, 0.5625) << "4 bits and an 8-bit scale per 16 values";
    // 2 FLOP per weight at batch 1 over 0.5625 bytes (the KV cache is empty): ~3.56 FLOP/byte.
    EXPECT_NEAR(decodeX(), 2.0 / 0.5625, 0.01);
    weights->setCurrentIndex(weights->findData(QStringLiteral("fp4")));
    EXPECT_FALSE(doc()->session().llm.bytesPerWeight.has_value()) << "plain FP4: 0.5 B, no override";
    doc()->undoStack()->undo();
    EXPECT_EQ(weights->currentData().toString(), QStringLiteral("nvfp4")) << "the box reads the session back";
}

TEST_F(LlmPanelTest, AQuantizedCheckpointIsWeighedAsStoredAndThePanelSaysSo)
{
    // DeepSeek-V3 ships FP8: with Weights left to follow the roof, its weights are 1.003 B (the
    // embeddings and head stay BF16) and the panel says where that comes from.
    panel()->enabledBox()->setChecked(true);
    QComboBox* model = panel()->modelCombo();
    const int ds = model->findData(QStringLiteral("deepseek-v3"));
    ASSERT_GE(ds, 0);
    model->setCurrentIndex(ds);
    EXPECT_TRUE(panel()->resultText().contains(QStringLiteral("as stored: fp8, 128x128 blocks")))
        << panel()->resultText().toStdString();
    // Asked for BF16, the weights are BF16 and nothing is said to be as stored.
    QComboBox* weights = panel()->weightsCombo();
    weights->setCurrentIndex(weights->findData(QStringLiteral("bf16")));
    EXPECT_FALSE(panel()->resultText().contains(QStringLiteral("as stored"))) << panel()->resultText().toStdString();
}
