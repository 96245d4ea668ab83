#!/bin/sh
# Fetches the hunspell dictionaries that `delineate langid build-profiles --dicts DIR` trains
# languages on (issue 20): Afrikaans and Serbian, which have no wordfreq list while their close
# relatives (Dutch, Macedonian) do. From Debian's packages (no install: the packages are
# unpacked into DIR); each dictionary and its .aff (for the encoding) named by the model's
# language code. Tried and left out: Galician and Nynorsk (better on everyday text, but UDHR
# snippets at 20 characters fell from 58 to 45 % and 65 to 48 %), Croatian and Bosnian (which
# share the `sh` list: Croatian snippets fell to 38 %, mostly to Bosnian).
#
# It also fetches LibreOffice's translations (Debian `libreoffice-l10n-XX`, MPL-2.0) for every
# language of the model that has one, and writes their user-interface strings as `<code>.txt`
# (scripts/l10n_text.py): everyday text for all of them alike, which the UDHR half lacks.
#
#   scripts/fetch_dictionaries.sh DIR
#
# Licences: each package's /usr/share/doc/*/copyright (GPL/LGPL/MPL for most); the model only
# holds n-gram statistics derived from the word lists, not the lists.
set -eu
dir=${1:?usage: fetch_dictionaries.sh DIR}
mkdir -p "$dir/debs" "$dir/x"
dir=$(cd "$dir" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
cd "$dir/debs"
apt-get download hunspell-af hunspell-sr
for f in *.deb; do dpkg -x "$f" ../x; done
cd ..
for p in af:af_ZA sr:sr_RS; do
    code=${p%%:*}; file=${p##*:}
    cp "x/usr/share/hunspell/$file.dic" "$code.dic"
    cp "x/usr/share/hunspell/$file.aff" "$code.aff"
done
ls "$dir"/*.dic
# Esperanto has no wordfreq list: Debian's wesperanto (eo-spell, GPL-2+) lists every inflected
# form (1,057,057 lines), which build-profiles keeps whole as its word list (DIR/eo.words).
(cd "$dir/debs" && apt-get download wesperanto && dpkg -x wesperanto_*.deb "$dir/x")
cp "$dir/x/usr/share/dict/esperanto" "$dir/eo.words"
# LibreOffice's translations: the model's languages that Debian has a language pack for
# (pa-in and en-gb and zh-cn under the model's pa, en and zh; none for ms, tl, sw, yo, ha, so,
# mt, sq, az, hy, lo, my, ur, yue; id left out as ms has none, see l10n_text.py).
mkdir -p "$dir/l10n-debs" "$dir/l10n"
cd "$dir/l10n-debs"
langs="af am ar bg bn bs ca cs cy da de el en-gb eo es et eu fa fi fr ga gl gu he hi hr hu is it
ja ka kk km kn ko lt lv mk ml mr nb nl nn pa-in pl pt ro ru si sk sl sr sv ta te th tr uk uz vi
zh-cn zu be ne oc ast"
apt-get download $(for l in $langs; do printf 'libreoffice-l10n-%s ' "$l"; done)
for f in *.deb; do mkdir -p "../l10n/${f%%_*}"; dpkg -x "$f" "../l10n/${f%%_*}"; done
cd ..
python3 "$here/l10n_text.py" "$dir/l10n" "$dir"
# Parallel translations of close relatives (issue 20): the gettext catalogues of desktop
# applications that are not installed here (so not the dev set's source), unpacked only;
# scripts/gettext_pairs.py writes DIR/pairs/<a>-<b>.tsv, from which build-profiles learns the
# contrasts (langid/contrast.rs). GTK 3 and 4 are left out: they repeat GTK 2's strings, which
# the dev set draws on.
mkdir -p "$dir/gettext-debs" "$dir/gettext"
cd "$dir/gettext-debs"
apt-get download evolution-data-server-common evolution-common gnome-control-center-data \
    nautilus-data gedit-common gnome-shell-common mutter-common gnome-desktop3-data \
    libgweather-4-common totem-common evince-common eog file-roller gnome-terminal-data \
    gnome-system-monitor gnome-calculator gnome-disk-utility yelp gnome-software-common \
    gnome-settings-daemon-common gvfs-common network-manager-gnome libgoa-1.0-common \
    gnome-session-common gdm3 brasero-common rhythmbox-data cheese-common \
    epiphany-browser-data gnome-keyring seahorse gucharmap baobab gnome-font-viewer gnome-logs \
    gnome-maps gnome-weather gnome-clocks gnome-contacts orca gnome-bluetooth-3-common \
    xfce4-panel thunar-data xfce4-settings mousepad xfce4-session xfdesktop4-data xfwm4 \
    libxfce4ui-common pidgin-data gimp-data hexchat-common transmission-common \
    filezilla-common vlc-l10n inkscape gnumeric-common abiword-common synaptic gparted \
    aptitude-common network-manager policykit-1-gnome lightdm-gtk-greeter \
    gnome-initial-setup gnome-tweaks
for f in *.deb; do dpkg -x "$f" ../gettext; done
cd ..
# The languages LibreOffice is not translated into get the catalogues' strings as everyday
# training text instead (DIR/<code>.txt, as l10n_text.py writes for the others).
python3 "$here/gettext_pairs.py" "$dir/gettext" "$dir/pairs" --text-for ms,id,sq,az,hy,my,ur --text-out "$dir"
