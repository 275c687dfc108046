"""nawat-top.jpg: 1200x900 gallery, straight down on the bowl with dates."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studio_common as sc

sc.reset(seed=31)
sc.set_world_color(sc.srgb("#efe6da"), 0.12)
sc.backdrop("#d9ccba", curve_r=0.3, back=1.2, gradient="#cfc0ab", rough=0.9)
sc.nawat(rot_z=0.2, seed=13, date_count=10)
sc.loose_dates([(0.17, 0.09, 0.0, 0.8), (0.19, 0.055, 0.0, 2.1), (-0.17, -0.1, 0.0, 1.9)], seed=12)
sc.date_pit((-0.14, -0.13, 0.0041), 0.3)
sc.date_pit((-0.125, -0.145, 0.0041), 1.4)
# sunlight from a window, top left: crisp but soft shadows
sc.area_light("Key", (-0.6, 0.5, 0.9), (0, 0, 0), 130, size=0.3, color=(1.0, 0.9, 0.78))
sc.area_light("Fill", (0.5, -0.4, 0.8), (0, 0, 0), 18, size=1.2, color=(0.92, 0.96, 1.0))
sc.camera((0, 0, 0.75), (0, 0.0001, 0), lens=50, dof=0.71, fstop=8)
sc.render("nawat-top.jpg", 1200, 900, samples=24, scale=1.0, denoise=2.5, threshold=0.02,
          grade="eq=gamma=0.9:saturation=1.15:contrast=1.04")
