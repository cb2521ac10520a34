#!/bin/bash -eu
# SPDX-License-Identifier: Apache-2.0
# OSS-Fuzz's projects/lepack/build.sh: the build lives in the lepack tree.
exec "$SRC/lepack/.clusterfuzzlite/build.sh"
