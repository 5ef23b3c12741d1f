// SPDX-License-Identifier: MIT
// What a place for a text costs. The layout tries places in order and keeps the cheapest; a place
// that breaks a rule (outside the plot, on another text, crossed by a roof, ceiling or the ridge)
// costs `infeasible` per rule broken, so any place that breaks none wins over it. Everything else
// here is a trade between two readable places: each line says what it trades. Costs are in the
// units of a marker's covered area (one square pixel of another kernel's marker under a text
// costs `markerCover`).
#pragma once

namespace roofline {

struct LabelCosts {
    // --- the rules -----------------------------------------------------------------------------
    double infeasible = 1e12; ///< per rule broken: only when no place keeps every rule
    double clearance = 2.0; ///< pixels every text keeps from other text and from lines
    double frameInset = 3.0; ///< pixels every text keeps from the plot's frame, which would touch it

    // --- what a text covers --------------------------------------------------------------------
    /// Per square pixel of another kernel's marker under a text: a name over a marker hides a
    /// kernel, so a name moves a long way (with a leader) rather than cover one.
    double markerCover = 20.0;
    /// Per square pixel of a headroom drop under a text: the dashed line reads through the text.
    double dropCover = 20.0;
    /// A text across a soft line (a level link, the LLM sweep, an arrow): worth a leader of
    /// about 450 pixels, so a name crosses one only when nothing near is free.
    double softLineCrossed = 600.0;

    // --- names at their points -----------------------------------------------------------------
    /// Each side of a point after the first tried (right, left, above, below, then the
    /// diagonals): a name to the right of its point is the easiest to read.
    double sideRank = 2.0;
    /// Any leader line: a free side of the point beats the nearest place away from it.
    double leaderBase = 40.0;
    /// Per pixel of leader: a far name is harder to match with its point.
    double leaderPerPixel = 1.2;
    /// A leader across a roof, ceiling or the ridge: it reads as part of the roof; worth the
    /// longest leader there is. (Across another leader it is a broken rule: the names would
    /// swap; the kernel is numbered instead.)
    double leaderCrossesLine = 1500.0;
    /// A leader across a soft line (level link, sweep, arrow): a small matter.
    double leaderCrossesSoft = 100.0;
    /// A key number written on its own marker: the last place there is, still better than no
    /// number at all.
    double numberOnItsPoint = 5000.0;
    double nameReach = 170.0; ///< pixels from its point a name may sit (beyond: a key number)
    double numberReach = 200.0; ///< pixels from its point a key number may sit

    // --- the roof's own labels -----------------------------------------------------------------
    /// Per plot height a region's name ("memory-bound") is raised off the bottom to clear a line.
    double regionRaised = 100.0;
    /// Per plot width a flat roof's label slides left from the right edge: it belongs at the end.
    double flatSlid = 40.0;
    /// A flat roof's label below its line rather than above it.
    double flatBelow = 15.0;
    /// A flat roof's label reaching left of where its line starts: it would label the slope.
    double flatPastItsStart = 500.0;
    /// Pixels left of its line's start a flat roof's label may end, no further (a rule: beyond,
    /// it is read as a label of whatever it floats over).
    double flatEndsBeforeItsLine = 60.0;
    /// Per line length a slope's or the ridge's label slides along its line from its place.
    double alongSlid = 20.0;
    /// A label along a line on the other side of it than it asks for.
    double alongOtherSide = 60.0;
    /// The share of the cover costs a label along a line pays: it is thin and turned, and
    /// markers under it stay visible beside it.
    double alongCoverShare = 0.2;
};

} // namespace roofline
