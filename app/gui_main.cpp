// SPDX-License-Identifier: MIT
#include "ui/window/gui_app.h"

int main(int argc, char** argv)
{
    return roofline::ui::runGui(argc, argv);
}
