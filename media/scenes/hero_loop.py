"""hero-loop: frames for the 960x540 home hero video, a slow light sweep over the bowl.
Renders the hero set under two key-light positions; encode.sh cross-fades them with a
cosine (a seamless back-and-forth sweep) and adds a gentle periodic push-in."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bpy
import studio_common as sc
import nawat_hero

nawat_hero.build()
key = bpy.data.objects["Key"]
positions = [(0.75, -0.2, 0.32), (0.25, -0.75, 0.4)]
for i, p in enumerate(positions):
    key.location = p
    sc.aim(key, (0, 0, 0.03))
    bpy.context.scene.frame_set(1)
    sc.render("hero-loop-%d.png" % i, 640, 360, samples=12, scale=1.0, denoise=2.5,
              target_dir=".frames/hero-loop")
