"""bts-video: frames for the 640x360 slideshow clip, a walnut bowl spinning on the lathe
(motion-blurred), a gouge on the tool rest. Four phases of the spin; encode.sh cycles
them with a slow push-in."""
import math, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bpy
import studio_common as sc

sc.reset(seed=151)
parts = sc.workshop(bowl_on_bench=False, shavings=24)
sc.workshop_lights()
sc.chisel((-1.62, 0.22, 1.035), 1.9, width=0.014, length=0.34)
sc.area_light("Lamp", (-1.5, 0.0, 1.5), (-1.78, 0.45, 1.07), 30, size=0.25,
              color=(1.0, 0.85, 0.65))
scene = bpy.context.scene
scene.render.use_motion_blur = True
scene.render.motion_blur_shutter = 1.0
bowl, spindle = parts["bowl"], parts["spindle"]
scene.frame_start, scene.frame_end = 1, 8
# spin about the lathe axis: Z (the bowl's own axis) first, then the quarter turn in Y
bowl.rotation_mode = "ZYX"
for f in (1, 9):
    bowl.rotation_euler = (0, math.pi / 2, (f - 1) * 0.6 * math.tau)
    bowl.keyframe_insert("rotation_euler", frame=f)
for fc in bowl.animation_data.action.fcurves:
    for kp in fc.keyframe_points:
        kp.interpolation = "LINEAR"
sc.camera((-1.3, -0.25, 1.32), (-1.78, 0.45, 1.06), lens=50, dof=0.88, fstop=2.8)
for i, f in enumerate((1, 2, 3, 4)):
    scene.frame_set(f)
    sc.render("bts-video-%d.png" % i, 480, 270, samples=12, scale=1.0, denoise=2.5,
              target_dir=".frames/bts-video")
