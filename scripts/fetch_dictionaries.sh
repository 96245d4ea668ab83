#!/bin/sh
# Fetches the hunspell dictionaries that `delineate langid build-profiles --dicts DIR` trains the
# languages without a wordfreq list on (issue 20), from Debian's packages (no install: the
# packages are unpacked into DIR), and names each dictionary by the model's language code.
#
#   scripts/fetch_dictionaries.sh DIR
#
# Licences: each package's /usr/share/doc/*/copyright (GPL/LGPL/MPL for most); the model only
# holds n-gram statistics derived from the word lists, not the lists.
set -eu
dir=${1:?usage: fetch_dictionaries.sh DIR}
mkdir -p "$dir/debs" "$dir/x"
cd "$dir/debs"
apt-get download hunspell-af hunspell-gl hunspell-no hunspell-sr hunspell-ne hunspell-oc
for f in *.deb; do dpkg -x "$f" ../x; done
cd ..
for p in af:af_ZA gl:gl_ES nn:nn_NO sr:sr_RS ne:ne_NP oc:oc_FR; do
    code=${p%%:*}; file=${p##*:}
    cp "x/usr/share/hunspell/$file.dic" "$code.dic"
done
ls "$dir"/*.dic
