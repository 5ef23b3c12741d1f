// SPDX-License-Identifier: MIT
#pragma once

namespace roofline::ui {

/// The desktop application: loads profiles (shipped, user, --profiles DIR), opens the window.
int runGui(int argc, char** argv);

} // namespace roofline::ui
