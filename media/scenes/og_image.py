"""og-image.jpg: 1200x630 Open Graph card, the bowl with dates on warm sand-coloured
paper, placed right of centre, a quiet field on the left."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studio_common as sc

sc.reset(seed=61)
sc.set_world_color(sc.srgb("#efe3d2"), 0.15)
sc.backdrop("#e4d3bb", curve_r=0.5, back=0.45, gradient="#d6c1a3")
sc.nawat(rot_z=0.9, seed=6)
sc.loose_dates([(0.13, -0.07, 0.0, 0.9)], seed=3)
sc.area_light("Key", (-0.7, -0.3, 0.5), (0, 0, 0.03), 100, size=0.35, color=(1.0, 0.88, 0.72))
sc.area_light("Rim", (0.45, 0.5, 0.35), (0, 0, 0.04), 50, size=0.15, size_y=0.8)
sc.area_light("Fill", (0.6, -0.5, 0.2), (0, 0, 0.03), 6, size=0.9)
sc.camera(sc.orbit((0, 0, 0.03), 0.7, 20, 24), (0, 0, 0.03), lens=60, dof=0.7, fstop=5.6,
          shift_x=-0.18)
sc.render("og-image.jpg", 1200, 630, samples=16)
