"""nawat-side.jpg: 1200x900 gallery, the profile at eye level: the silhouette,
the fine seams between the three parts and the oil finish."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studio_common as sc

sc.reset(seed=41)
sc.set_world_color(sc.srgb("#efe6da"), 0.1)
sc.backdrop("#e6ddd0", curve_r=0.5, back=0.5, gradient="#d8cbb9")
sc.nawat(rot_z=0.0, seed=2, date_count=9)
sc.area_light("Key", (-0.6, -0.35, 0.35), (0, 0, 0.03), 80, size=0.15, size_y=0.9,
              color=(1.0, 0.92, 0.82))
sc.area_light("Rim", (0.55, 0.35, 0.25), (0, 0, 0.03), 70, size=0.1, size_y=0.7,
              color=(1.0, 0.88, 0.75))
sc.area_light("Fill", (0.4, -0.7, 0.1), (0, 0, 0.03), 8, size=1.0)
sc.camera(sc.orbit((0, 0, 0.026), 0.72, 0, 5), (0, 0, 0.028), lens=85, dof=0.72, fstop=8)
sc.render("nawat-side.jpg", 1200, 900, samples=24, scale=1.0, denoise=2.5, threshold=0.02,
          grade="eq=gamma=0.78:saturation=1.3:contrast=1.08")
