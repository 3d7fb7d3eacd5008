#!/bin/sh
# Add tabletop to the desktop's application menu for this user: the desktop entry (Exec pointing
# at the tabletop beside this script's folder) and the icon in every size, under ~/.local/share.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
app="$(dirname "$here")/tabletop"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
for png in "$here"/tabletop-*.png; do
    size=$(basename "$png" .png | sed 's/tabletop-//')
    mkdir -p "$data/icons/hicolor/${size}x${size}/apps"
    cp "$png" "$data/icons/hicolor/${size}x${size}/apps/tabletop.png"
done
mkdir -p "$data/icons/hicolor/scalable/apps" "$data/applications"
cp "$here/tabletop.svg" "$data/icons/hicolor/scalable/apps/tabletop.svg"
sed "s|^Exec=tabletop|Exec=\"$app\"|" "$here/tabletop.desktop" > "$data/applications/tabletop.desktop"
echo "installed $data/applications/tabletop.desktop (runs $app)"
