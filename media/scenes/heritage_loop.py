"""heritage-loop: frames for the 960x540 "five senses" video: on a dark set, incense
smoke curls up from the Sanam holder while the Nawat bowl of dates waits in the warm
light behind. Three states of the smoke; encode.sh blends them with rotating cosine
weights (drifting smoke) and a slow push-in, seamless over 6 s."""
import math, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bpy
import studio_common as sc

sc.reset(seed=141)
sc.set_world_color((0.004, 0.0035, 0.003), 1.0)
sc.backdrop("#0b0908", curve_r=0.6, back=0.7, rough=0.6)
bpy.context.scene.cycles.sample_clamp_indirect = 1.0
sc.sanam(loc=(0.11, -0.02, 0), rot_z=-0.3, smoke=False, seed=3)
sc.nawat(loc=(-0.14, 0.2, 0), rot_z=0.7, seed=17)
sc.spot_light("Key", (-0.45, -0.35, 0.7), (-0.06, 0.1, 0.05), 55, size=0.25, angle=28, blend=0.9,
              color=(1.0, 0.76, 0.52))
sc.area_light("Rim", (0.4, 0.5, 0.4), (0.1, 0, 0.15), 40, size=0.06, size_y=0.7,
              color=(0.78, 0.86, 1.0), spread=20)
sc.spot_light("SmokeLight", (0.17, 0.3, 0.04), (0.14, -0.04, 0.32), 40, size=0.03, angle=22,
              blend=0.5, color=(0.85, 0.9, 1.0))
sc.camera(sc.orbit((0.0, 0.05, 0.13), 1.1, 6, 10), (0.0, 0.05, 0.13), lens=55, dof=1.1,
          fstop=4)
bpy.context.view_layer.update()
ember = bpy.data.objects["Ember"].matrix_world.translation.copy()
for i in range(3):
    for ob in [o for o in bpy.data.objects if o.name.startswith("Smoke")]:
        bpy.data.objects.remove(ob)
    sc.smoke_wisps(tuple(ember), seed=10 + i * 7, rise=0.22)
    sc.render("heritage-loop-%d.png" % i, 512, 288, samples=10, scale=1.0, denoise=0,
              grade="median=radius=1,nlmeans=s=4:p=7:r=13",
              target_dir=".frames/heritage-loop")
