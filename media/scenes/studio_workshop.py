"""studio-workshop.jpg: 1600x1000 the studio: mud-brick wall with Najdi triangular
openings throwing sun patches, the bench with walnut blanks, chisels, shavings and a
finished bowl, the lathe with a bowl in progress on the left."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studio_common as sc

sc.reset(seed=101)
sc.workshop()
sc.workshop_lights()
sc.camera((0.95, -2.0, 1.62), (-0.3, 0.9, 1.2), lens=28, dof=2.6, fstop=5.6)
sc.render("studio-workshop.jpg", 1600, 1000, samples=12, scale=0.5, denoise=0,
          grade="median=radius=1,nlmeans=s=5:p=7:r=15,curves=all='0/0 0.4/0.25 0.8/0.75 1/1',"
                "colorbalance=rm=0.04:bm=-0.05,eq=saturation=1.1,vignette=angle=0.8,"
                "noise=alls=4:allf=u")
