"""showcase-loop: frames for the 1440x810 second showcase video (the size the full-width
section is shown at on a 1440 px screen), the exploded view assembling. Six eased positions of the three parts; encode.sh plays them forward and
back with holds and motion-interpolates to 24 fps (seamless)."""
import math, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bpy
import studio_common as sc
import nawat_exploded

GAP = 0.045
parts = nawat_exploded.build(explode=0.0)
sc.camera(sc.orbit((0, 0, 0.06), 0.75, 12, 24), (0, 0, 0.062), lens=70, dof=0.75, fstop=8)
K = 6
for k in range(K):
    e = GAP * (1 - math.cos(math.pi * k / (K - 1))) / 2
    parts["dates"].location.z = e
    parts["dip"].location.z = e * 2.05
    sc.render("showcase-loop-%d.png" % k, 1440, 810, samples=16, scale=1.0, denoise=2.5,
              threshold=0.02, target_dir=".frames/showcase-loop")
