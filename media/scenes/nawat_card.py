"""nawat.jpg: 1200x1200 product card, the bowl with dates in 3/4 view on a light backdrop."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studio_common as sc

sc.reset(seed=11)
sc.set_world_color(sc.srgb("#f3ece2"), 0.12)
sc.backdrop("#ece3d6", curve_r=0.45, back=0.55, gradient="#e2d6c5")
parts = sc.nawat(rot_z=0.4, seed=5)
# a few loose dates and a pit on the sweep
sc.loose_dates([(0.13, -0.05, 0.0, 0.6), (0.155, 0.0, 0.0, 2.0)], seed=4)
sc.date_pit((0.105, -0.105, 0.0041), heading=1.1)
sc.studio_lights(key_power=90)
sc.camera(sc.orbit((0.012, 0, 0.022), 0.62, 18, 30), (0.015, 0, 0.02), lens=70,
          dof=0.62, fstop=5.6)
sc.render("nawat.jpg", 1200, 1200, samples=28, scale=1.0, denoise=2.5, threshold=0.02)
