"""nawat-hero.jpg and the home hero: the bowl on a dark warm set, low raking light.

The set is shared by hero_set.py, which renders it at display size three times: landscape
1920x1080 under two key-light positions (the home loop's poster and its light sweep, and the
/products hero) and a 900x1600 portrait for phones. In the landscape frames the bowl sits in the
upper right, so a headline at the bottom (left in English, right in Arabic with the picture
mirrored) never covers it; in the portrait it sits in the upper third above the text."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bpy
import studio_common as sc

# dark, warm grade: crush the set, warm the mids, vignette (also used by hero-loop/og-image)
GRADE = "curves=all='0/0 0.35/0.14 0.7/0.55 1/1',colorbalance=rs=0.06:bs=-0.06:rm=0.04:bm=-0.04,eq=saturation=1.2,vignette=angle=0.7"
KEY_A = (0.75, -0.2, 0.32)
KEY_B = (0.25, -0.75, 0.4)


def landscape_camera():
    return sc.camera(sc.orbit((0, 0, 0.03), 0.78, -8, 15), (0, 0, 0.03), lens=60,
                     dof=0.78, fstop=4.0, shift_x=-0.22, shift_y=-0.1)


def portrait_camera():
    return sc.camera(sc.orbit((0, 0, 0.03), 0.74, -8, 24), (0, 0, 0.03), lens=50,
                     dof=0.74, fstop=4.0, shift_y=-0.26)


def build(portrait=False):
    sc.reset(seed=21)
    sc.set_world_color(sc.srgb("#120d0a"), 0.04)
    bpy.context.scene.cycles.sample_clamp_indirect = 1.0
    # a matte (nearly diffuse) backdrop: glancing glossy reflections of the lights were the
    # black-and-white grain of the old renders
    sc.backdrop("#17120e", curve_r=0.6, back=0.7, rough=0.9, gradient="#100c0a", specular=0.04)
    sc.nawat(rot_z=1.1, seed=8)
    sc.loose_dates([(0.14, 0.06, 0.0, 2.4), (0.16, -0.02, 0.0, 0.3), (0.125, -0.085, 0.0, 1.2)],
                   seed=9)
    # raking warm key from the right, cool faint rim from behind-left (no weak fill light: every
    # extra light takes samples from the key and leaves the backdrop grainy)
    sc.area_light("Key", KEY_A, (0, 0, 0.03), 110, size=0.35, color=(1.0, 0.82, 0.62))
    sc.area_light("Rim", (-0.35, 0.6, 0.3), (0, 0, 0.04), 60, size=0.1, size_y=0.6,
                  color=(0.85, 0.9, 1.0))
    # soft warm glow on the back wall behind the bowl
    sc.spot_light("Glow", (0.2, -0.3, 0.9), (-0.05, 0.7, 0.3), 60, size=0.3, angle=35, blend=1.0,
                  color=(1.0, 0.7, 0.45))
    return portrait_camera() if portrait else landscape_camera()


if __name__ == "__main__":
    # the stills and the loop come from hero_set.py (one scene set-up, three renders)
    import runpy
    runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "hero_set.py"),
                   run_name="__main__")
