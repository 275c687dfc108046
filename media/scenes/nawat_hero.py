"""nawat-hero.jpg: 1920x1080 showcase hero. Dark warm set, low raking light,
the bowl on the right third so the left side stays free for the headline."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bpy
import studio_common as sc

# dark, warm grade: crush the set, warm the mids, vignette (also used by hero-loop/og-image)
GRADE = "curves=all='0/0 0.35/0.14 0.7/0.55 1/1',colorbalance=rs=0.06:bs=-0.06:rm=0.04:bm=-0.04,eq=saturation=1.2,vignette=angle=0.7"


def build():
    sc.reset(seed=21)
    sc.set_world_color(sc.srgb("#120d0a"), 0.04)
    bpy.context.scene.cycles.sample_clamp_indirect = 1.0
    sc.backdrop("#17120e", curve_r=0.6, back=0.7, rough=0.55, gradient="#100c0a")
    sc.nawat(rot_z=1.1, seed=8)
    sc.loose_dates([(0.14, 0.06, 0.0, 2.4), (0.16, -0.02, 0.0, 0.3), (0.125, -0.085, 0.0, 1.2)],
                   seed=9)
    # raking warm key from the right, cool faint rim from behind-left, a touch of fill
    sc.area_light("Key", (0.75, -0.2, 0.32), (0, 0, 0.03), 110, size=0.35,
                  color=(1.0, 0.82, 0.62))
    sc.area_light("Rim", (-0.35, 0.6, 0.3), (0, 0, 0.04), 60, size=0.1, size_y=0.6,
                  color=(0.85, 0.9, 1.0))
    # soft warm glow on the back wall behind the bowl
    sc.spot_light("Glow", (0.2, -0.3, 0.9), (-0.05, 0.7, 0.3), 60, size=0.3, angle=35, blend=1.0,
                  color=(1.0, 0.7, 0.45))
    sc.area_light("Fill", (-0.3, -0.8, 0.12), (0, 0, 0.03), 3, size=0.3, color=(1.0, 0.9, 0.8))
    return sc.camera(sc.orbit((0, 0, 0.03), 0.68, -8, 15), (0, 0, 0.03), lens=60,
                     dof=0.68, fstop=4.0, shift_x=-0.2)


if __name__ == "__main__":
    build()
    sc.render("nawat-hero.jpg", 1920, 1080, samples=20, denoise=3.5, grade=GRADE)
