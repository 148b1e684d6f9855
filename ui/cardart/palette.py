"""Colours of the game components (the shared parchment/bronze tones live in ui.draw.theme)."""
from ui.draw import theme

INK = theme.INK
INK_SOFT = theme.INK_SOFT
UMBER = theme.UMBER
PARCHMENT = theme.PARCHMENT
PARCHMENT_LIGHT = theme.PARCHMENT_LIGHT
PARCHMENT_DARK = theme.PARCHMENT_DARK
BRONZE = theme.BRONZE
BRONZE_LIGHT = theme.BRONZE_LIGHT
BRONZE_DARK = theme.BRONZE_DARK
BRONZE_DEEP = theme.BRONZE_DEEP
CREAM = (250, 243, 226)
WHITE = (255, 255, 255)

# Card colours: (main, light, dark)
CARD = {
    "brown": ((150, 94, 48), (196, 142, 88), (92, 54, 24)),
    "grey": ((132, 134, 134), (184, 186, 184), (76, 78, 80)),
    "blue": ((38, 102, 178), (104, 160, 222), (18, 54, 108)),
    "green": ((52, 136, 70), (118, 190, 112), (22, 78, 38)),
    "yellow": ((222, 170, 34), (250, 214, 100), (146, 100, 10)),
    "red": ((188, 46, 36), (232, 106, 84), (110, 20, 16)),
    "purple": ((120, 66, 150), (176, 124, 204), (66, 30, 88)),
    "politician": ((232, 228, 216), (252, 250, 244), (150, 144, 130)),
    "conspirator": ((52, 46, 52), (100, 92, 100), (18, 14, 18)),
    "wonder": ((196, 136, 64), (246, 210, 142), (120, 72, 30)),
}

RESOURCE = {
    "wood": ((124, 78, 36), (170, 116, 62)),
    "clay": ((190, 84, 44), (226, 132, 86)),
    "stone": ((120, 122, 124), (170, 172, 172)),
    "glass": ((40, 150, 190), (130, 210, 232)),
    "papyrus": ((212, 186, 112), (242, 226, 170)),
}

GOLD = (236, 186, 60)
GOLD_LIGHT = (255, 232, 140)
GOLD_DARK = (158, 104, 22)
SHIELD_RED = (196, 44, 34)
LAUREL = (92, 132, 52)
LAUREL_LIGHT = (152, 190, 84)
LAUREL_DARK = (46, 80, 26)
SCIENCE_BG = (232, 240, 214)
OPPONENT = (168, 34, 30)

# Player colours (cubes, control markers)
PLAYER = {
    0: ((196, 128, 58), (244, 196, 128), (112, 64, 24)),    # bronze
    1: ((176, 184, 194), (236, 240, 246), (96, 104, 116)),  # silver
}

AGE_BACK = {
    "1": ((140, 84, 40), (186, 126, 70), (74, 40, 16)),
    "2": ((40, 96, 132), (92, 150, 184), (18, 50, 74)),
    "3": ((128, 46, 78), (184, 96, 126), (70, 20, 40)),
    "guild": ((92, 48, 120), (148, 102, 178), (48, 20, 66)),
    "senator": ((214, 206, 190), (244, 240, 230), (120, 112, 98)),
}

PROGRESS = ((48, 128, 76), (120, 196, 128), (20, 70, 40))
