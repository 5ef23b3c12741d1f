// SPDX-License-Identifier: MIT
#include "ui/cli/cli.h"

int main(int argc, char** argv)
{
    return roofline::cli::run(argc, argv);
}
