"""bts-1.jpg: 1200x800 behind the scenes: the bowl in progress on the lathe, tool rest,
gouge and fresh shavings, sun through the triangular openings behind."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import studio_common as sc

sc.reset(seed=121)
sc.workshop(bowl_on_bench=False, shavings=40)
sc.workshop_lights()
sc.chisel((-1.62, 0.22, 1.035), 1.9, width=0.014, length=0.34)
sc.scatter_shavings((-1.5, 0.45), 0.12, 18, seed=12, z=0.9)
sc.area_light("Lamp", (-1.5, 0.0, 1.5), (-1.78, 0.45, 1.07), 30, size=0.25,
              color=(1.0, 0.85, 0.65))
sc.camera((-1.3, -0.25, 1.32), (-1.78, 0.45, 1.06), lens=50, dof=0.88, fstop=2.8)
sc.render("bts-1.jpg", 1200, 800, samples=12, scale=0.5, denoise=0,
          grade="median=radius=1,nlmeans=s=5:p=7:r=15,curves=all='0/0 0.4/0.28 0.8/0.78 1/1',"
                "colorbalance=rm=0.04:bm=-0.05,eq=saturation=1.1,vignette=angle=0.7,"
                "noise=alls=4:allf=u")
