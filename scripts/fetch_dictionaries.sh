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
# LibreOffice's translations: the model's languages that Debian has a language pack for
# (pa-in and en-gb and zh-cn under the model's pa, en and zh; none for ms, tl, sw, yo, ha, so,
# mt, sq, az, hy, lo, my, ur, yue; id left out as ms has none, see l10n_text.py).
mkdir -p "$dir/l10n-debs" "$dir/l10n"
cd "$dir/l10n-debs"
langs="af am ar bg bn bs ca cs cy da de el en-gb eo es et eu fa fi fr ga gl gu he hi hr hu is it
ja ka kk km kn ko lt lv mk ml mr nb nl nn pa-in pl pt ro ru si sk sl sr sv ta te th tr uk uz vi
zh-cn zu"
apt-get download $(for l in $langs; do printf 'libreoffice-l10n-%s ' "$l"; done)
for f in *.deb; do mkdir -p "../l10n/${f%%_*}"; dpkg -x "$f" "../l10n/${f%%_*}"; done
cd ..
python3 "$here/l10n_text.py" "$dir/l10n" "$dir"
