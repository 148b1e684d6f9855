"""Korean particles agree with the word before them."""

import pytest

from ui.text.josa import fix_particles


@pytest.mark.parametrize("text, expected", [
    ("모략가을(를) 버립니다", "모략가를 버립니다"),
    ("성벽을(를) 건설합니다", "성벽을 건설합니다"),
    ("상대이(가) 이겼습니다", "상대가 이겼습니다"),
    ("정치가이(가) 행동합니다", "정치가가 행동합니다"),
    ("회의소 3(으)로 옮깁니다", "회의소 3으로 옮깁니다"),
    ("회의소 2(으)로 옮깁니다", "회의소 2로 옮깁니다"),
    ("회의소 1(으)로 옮깁니다", "회의소 1로 옮깁니다"),
    ("도서관(으)로", "도서관으로"),
    ("채석장과(와) 제재소", "채석장과 제재소"),
    ("피라미드과(와) 스핑크스", "피라미드와 스핑크스"),
    ("'거상'을(를) 지었습니다", "'거상'을 지었습니다"),
    ("주화 6개를 얻습니다", "주화 6개를 얻습니다"),
    ("no particles here", "no particles here"),
])
def test_particles(text, expected):
    assert fix_particles(text) == expected
