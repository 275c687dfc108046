"""The hero set at display size: .frames/hero/{hero-a,hero-b}.png (1920x1080, key light in two
positions), hero-portrait.png (900x1600, for phones) and hero-tablet.png (1536x2048, for portrait
tablets), denoised and graded. encode.sh makes hero-loop.* (the light sweep between a and b),
hero-loop-poster.jpg (a), nawat-hero.jpg (b), hero-portrait.jpg and hero-tablet.jpg from them. Resumable with MEDIA_RESUME=1 (raw renders already there are kept).
`-- --only a,portrait` renders some of them; `-- --boxes` only records the subject boxes."""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bpy
import studio_common as sc
import nawat_hero as nh

# samples per frame: what this shared 2-core machine allowed (~50 s a sample at 1920x1080)
SAMPLES = {"a": 28, "portrait": 24, "tablet": 24, "b": 24}
# the upright frames share the portrait camera (its sensor spans the height): the 3:4 frame shows
# more of the set at the sides, the bowl in the same upper third
SIZES = {"a": (1920, 1080), "b": (1920, 1080), "portrait": (900, 1600), "tablet": (1536, 2048)}
only = sc.arg("--only")
nh.build()
jobs = [("a", nh.KEY_A, False), ("portrait", nh.KEY_A, True), ("tablet", nh.KEY_A, True), ("b", nh.KEY_B, False)]
if only:
    jobs = [j for j in jobs if j[0] in only.split(",")]
for tag, key_at, portrait in jobs:
    key = bpy.data.objects["Key"]
    key.location = key_at
    sc.aim(key, (0, 0, 0.03))
    cam = bpy.context.scene.camera
    bpy.data.objects.remove(cam, do_unlink=True)
    nh.portrait_camera() if portrait else nh.landscape_camera()
    w, h = SIZES[tag]
    bpy.context.scene.render.resolution_x, bpy.context.scene.render.resolution_y = w, h
    # the product: the bowl and the dates in it (not the loose dates around it)
    box = sc.subject_box(["Nawat", "Date", "Dip"])
    print("SUBJECT hero-%s" % tag, json.dumps(box))
    os.makedirs(os.path.join(sc.HERE, ".frames/hero"), exist_ok=True)
    with open(os.path.join(sc.HERE, ".frames/hero", "hero-%s.subject.json" % tag), "w") as f:
        json.dump(box, f)
    if "--boxes" in sc.ARGS:  # only record where the product is
        continue
    sc.render("hero-%s.png" % tag, w, h, samples=SAMPLES[tag], scale=1.0, denoise=3.0,
              grade=nh.GRADE, threshold=0.02, target_dir=".frames/hero")
