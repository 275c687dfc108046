"""og-image.jpg: 1200x630 Open Graph card. The Nawat hero set (dark, warm raking light,
bowl on the right) reframed to the 1.91:1 card: cropped from the hero render when it
exists (render-all.sh renders hero_set first), otherwise rendered directly."""
import os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studio_common as sc

raw = os.path.join(sc.HERE, ".frames", "raw-hero-a.png")
if os.path.exists(raw) and not sc.PREVIEW:
    # hero raw is 16:9 with the bowl in the upper right; take a 1.905:1 band near the top
    from nawat_hero import GRADE
    vf = ("crop=iw:iw/1.905:0:(ih-iw/1.905)*0.3,nlmeans=s=3.0:p=7:r=13,"
          "scale=1200:630:flags=lanczos,unsharp=5:5:0.5," + GRADE + ",format=yuvj444p")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", raw, "-vf", vf, "-q:v", "2",
                    os.path.join(sc.MEDIA, "og-image.jpg")], check=True)
    print("WROTE og-image.jpg from the hero render")
else:
    import nawat_hero
    nawat_hero.build()
    sc.render("og-image.jpg", 1200, 630, samples=16)
