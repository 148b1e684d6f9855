"""Korean particles (조사) that agree with the word before them.

Catalogues write both forms, e.g. "{card}을(를) 버립니다"; after the names are filled in,
`fix_particles` keeps the right one: "모략가를 버립니다", "제재소를 …", "성벽을 …".
The choice depends on whether the preceding syllable ends in a consonant (받침); for
"(으)로" a final ㄹ counts as a vowel. Digits and Latin letters are read the Korean way.
"""

import re

# Pairs written in catalogues: (form after a consonant, form after a vowel).
PAIRS = {"을(를)": ("을", "를"), "를(을)": ("을", "를"), "이(가)": ("이", "가"),
         "가(이)": ("이", "가"), "은(는)": ("은", "는"), "는(은)": ("은", "는"),
         "과(와)": ("과", "와"), "와(과)": ("과", "와"), "(으)로": ("으로", "로"),
         "(이)나": ("이나", "나"), "(이)다": ("이다", "다")}
_PATTERN = re.compile(r"(.)(\s*[)\]」』\"'’]*)(" + "|".join(re.escape(k) for k in PAIRS) + ")")

# Final sounds of digits read in Sino-Korean (영 일 이 삼 사 오 육 칠 팔 구).
_DIGIT_FINAL = {"0": "ㅇ", "1": "ㄹ", "2": "", "3": "ㅁ", "4": "", "5": "", "6": "ㄱ",
                "7": "ㄹ", "8": "ㄹ", "9": ""}
_LATIN_CONSONANT_END = set("bcdgjklmnpqrtvxz")
_JONGSEONG_RIEUL = 8


def _final(ch: str):
    """'' for a vowel ending, 'ㄹ' for a rieul ending, 'c' for another consonant, None if unknown."""
    code = ord(ch) - 0xAC00
    if 0 <= code < 11172:
        jong = code % 28
        return "" if jong == 0 else "ㄹ" if jong == _JONGSEONG_RIEUL else "c"
    if ch in _DIGIT_FINAL:
        final = _DIGIT_FINAL[ch]
        return "" if not final else "ㄹ" if final == "ㄹ" else "c"
    if ch.lower() in _LATIN_CONSONANT_END:
        return "c"
    if ch.isalpha():
        return ""
    return None


def _choose(match):
    before, closing, pair = match.group(1), match.group(2), match.group(3)
    final = _final(before)
    if final is None:
        return match.group(0)
    consonant_form, vowel_form = PAIRS[pair]
    if pair == "(으)로":
        form = vowel_form if final in ("", "ㄹ") else consonant_form
    else:
        form = vowel_form if final == "" else consonant_form
    return before + closing + form


def fix_particles(text: str) -> str:
    if "(" not in text:
        return text
    return _PATTERN.sub(_choose, text)
