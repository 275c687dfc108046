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
sc.render("studio-workshop.jpg", 1600, 1000, samples=12, scale=0.5, denoise=2.5)
