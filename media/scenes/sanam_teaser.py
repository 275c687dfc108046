"""sanam-teaser.jpg: 1600x900 "Coming Soon" teaser. Near-black set, a single warm
spot on the holder, the ember glowing, smoke catching a cool back light."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studio_common as sc

sc.reset(seed=91)
sc.set_world_color((0.004, 0.0035, 0.003), 1.0)
# a fully matte floor: a glossy one turned the spot's pool into white grain, and even a faint
# specular lobe (0.04) under the small spot left sparse speckle at 32 samples
sc.backdrop("#0b0908", curve_r=0.6, back=0.6, rough=0.9, specular=0.0)
import bpy
bpy.context.scene.cycles.sample_clamp_indirect = 1.0
sc.sanam(rot_z=-0.35, seed=3)
sc.spot_light("Key", (-0.35, -0.45, 0.75), (0, 0, 0.1), 40, size=0.08, angle=16, blend=0.8,
              color=(1.0, 0.78, 0.55))
sc.area_light("Rim", (0.3, 0.45, 0.35), (0, 0, 0.15), 45, size=0.06, size_y=0.7,
              color=(0.75, 0.85, 1.0), spread=20)
sc.spot_light("SmokeLight", (0.06, 0.3, 0.04), (0.03, -0.02, 0.32), 40, size=0.03, angle=22,
              blend=0.5, color=(0.8, 0.88, 1.0))
sc.camera(sc.orbit((0, 0, 0.14), 1.0, 10, 8), (0, 0, 0.145), lens=50, dof=1.0, fstop=4,
          shift_x=0.2)
# 64 samples on the matte floor, then a light nlmeans (the old median + strong nlmeans painted
# the wood into flat patches)
sc.render("sanam-teaser.jpg", 1600, 900, samples=64, scale=1.0, denoise=0, threshold=0.01,
          grade="nlmeans=s=2.5:p=7:r=15,curves=all='0/0 0.3/0.2 1/1'")
