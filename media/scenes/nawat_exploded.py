"""nawat-exploded.jpg: 1200x900 gallery, the three parts lifted apart:
pit-collecting base, dates bowl with its ring of slots, cover/dip bowl."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studio_common as sc


def build(explode=0.045):
    sc.reset(seed=51)
    sc.set_world_color(sc.srgb("#efe6da"), 0.12)
    sc.backdrop("#e9e0d3", curve_r=0.5, back=0.55, gradient="#dccfbd")
    parts = sc.nawat(rot_z=0.3, explode=explode, with_dates=False, dip_fill=False)
    # pits resting in the collecting base, seen between the parts
    import random
    rnd = random.Random(4)
    for i in range(6):
        a = rnd.uniform(0, 6.28)
        r = rnd.uniform(0.02, 0.06)
        p = sc.date_pit((r * __import__("math").cos(a), r * __import__("math").sin(a), 0.0105),
                        rnd.uniform(0, 3.14))
        p.parent = parts["root"]
    sc.studio_lights(key_power=85)
    sc.area_light("Top", (0.0, -0.1, 0.8), (0, 0, 0.05), 25, size=0.6)
    return parts


if __name__ == "__main__":
    build()
    sc.camera(sc.orbit((0, 0, 0.06), 0.75, 12, 24), (0, 0, 0.062), lens=70, dof=0.75, fstop=8)
    sc.render("nawat-exploded.jpg", 1200, 900, samples=24, scale=1.0, denoise=2.5, threshold=0.02,
              grade="eq=gamma=0.82:saturation=1.3:contrast=1.05")
