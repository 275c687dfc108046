#!/usr/bin/python3
"""Trains the text detector (decision 0045, "The text detector"): a DBNet-style fully convolutional net
that predicts, at a quarter of the input's resolution, the probability that a cell lies on the shrunk
core of a text line. Data: ml/font-recognition/detector/render-detector-data.ts. Exports
models/font-recognition/text-detector.onnx (+ text-detector.json).

Run with Debian's torch:
  /usr/bin/python3 ml/font-recognition/train_detector.py --until 05:40           # train (resumable)
  /usr/bin/python3 ml/font-recognition/train_detector.py --export                # export the last checkpoint
  /usr/bin/python3 ml/font-recognition/train_detector.py --init-onnx models/font-recognition/text-detector.onnx \
      --work ml/font-recognition/work/detector-ft --data … --minutes 45 --lr 5e-4  # fine-tune the committed net
  /usr/bin/python3 ml/font-recognition/train_detector.py --export-random --width 1.0 --out /tmp/d
                                                                                 # a random net, to time its size

Resumable: <work>/state.pt is written every few minutes (model, optimiser, step, seconds spent) and a
rerun continues from it (--fresh ignores it). The learning rate follows a cosine over the time budget
(--minutes, or up to --until HH:MM UTC), so a checkpoint taken at any point is a usable model.
Shards the renderer finishes while training runs join at the next pass.
"""
import argparse
import datetime
import glob
import json
import os
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
WORK = os.path.join(ROOT, 'ml/font-recognition/work/detector')
MODELS = os.path.join(ROOT, 'models/font-recognition')
STRIDE = 4
MEAN, STD = 0.5, 0.25


def conv_bn(i, o, k=3, s=1, groups=1, act=True):
    layers = [nn.Conv2d(i, o, k, s, k // 2, groups=groups, bias=False), nn.BatchNorm2d(o)]
    if act:
        layers.append(nn.ReLU(inplace=True))
    return nn.Sequential(*layers)


class InvertedResidual(nn.Module):
    """MobileNetV2/V3 block: 1x1 expand, 3x3 depthwise (maybe strided), 1x1 linear projection."""

    def __init__(self, i, o, s=1, e=3):
        super().__init__()
        h = i * e
        layers = [] if e == 1 else [conv_bn(i, h, 1)]
        layers += [conv_bn(h, h, 3, s, groups=h), conv_bn(h, o, 1, act=False)]
        self.body = nn.Sequential(*layers)
        self.residual = s == 1 and i == o

    def forward(self, x):
        y = self.body(x)
        return x + y if self.residual else y


def sep(i, o):
    """Depthwise-separable 3x3 convolution."""
    return nn.Sequential(conv_bn(i, i, 3, groups=i), conv_bn(i, o, 1))


class TextDetector(nn.Module):
    def __init__(self, width=1.0):
        super().__init__()
        c = lambda n: max(8, int(round(n * width / 4)) * 4)  # noqa: E731
        c1, c2, c3, c4, c5, f = c(16), c(24), c(32), c(64), c(96), c(48)
        self.stem = conv_bn(1, c1, 3, 2)  # 1/2
        self.s2 = nn.Sequential(InvertedResidual(c1, c1, 2, 1), InvertedResidual(c1, c2, 1, 3))  # 1/4
        self.s3 = nn.Sequential(InvertedResidual(c2, c3, 2, 3), InvertedResidual(c3, c3, 1, 3))  # 1/8
        self.s4 = nn.Sequential(InvertedResidual(c3, c4, 2, 3), InvertedResidual(c4, c4, 1, 3),
                                InvertedResidual(c4, c4, 1, 3))  # 1/16
        self.s5 = nn.Sequential(InvertedResidual(c4, c5, 2, 3), InvertedResidual(c5, c5, 1, 3))  # 1/32
        self.lateral = nn.ModuleList([conv_bn(ci, f, 1) for ci in (c2, c3, c4, c5)])
        self.smooth = nn.ModuleList([sep(f, f // 4) for _ in range(4)])
        self.prob = nn.Sequential(sep(f, f // 3), nn.Conv2d(f // 3, 1, 1))
        # DBNet's threshold head, used in training only (its differentiable binarisation sharpens the
        # borders between neighbouring lines); the export leaves it out.
        self.thresh = nn.Sequential(sep(f, f // 3), nn.Conv2d(f // 3, 1, 1))

    def features(self, x):
        x = (x - MEAN) / STD
        x2 = self.s2(self.stem(x))
        x3 = self.s3(x2)
        x4 = self.s4(x3)
        x5 = self.s5(x4)
        p5 = self.lateral[3](x5)
        p4 = self.lateral[2](x4) + F.interpolate(p5, size=x4.shape[2:], mode='nearest')
        p3 = self.lateral[1](x3) + F.interpolate(p4, size=x3.shape[2:], mode='nearest')
        p2 = self.lateral[0](x2) + F.interpolate(p3, size=x2.shape[2:], mode='nearest')
        outs = [s(p) for s, p in zip(self.smooth, (p2, p3, p4, p5))]
        size = x2.shape[2:]
        return torch.cat([outs[0]] + [F.interpolate(o, size=size, mode='nearest') for o in outs[1:]], dim=1)

    def forward(self, x):
        """Input: N x 1 x H x W gray in 0..1 (H, W multiples of 32). Output: P(text core) at H/4 x W/4."""
        return torch.sigmoid(self.prob(self.features(x)))

    def train_outputs(self, x):
        f = self.features(x)
        return self.prob(f), torch.sigmoid(self.thresh(f))


def load_onnx_weights(model, path):
    """Loads an exported detector (text-detector.onnx) into `model` for fine-tuning. The export folds
    each batch norm into the convolution before it, so a convolution takes the folded weight and its
    batch norm becomes the identity carrying the folded bias (weight 1, running mean 0, running
    variance 1 - eps); training then keeps the batch norms in eval mode (their statistics frozen). The
    graph's convolutions are matched to the model's in the order the forward pass calls them; the
    threshold head, which the export leaves out, keeps its fresh initialisation."""
    import onnx
    from onnx import numpy_helper
    graph = onnx.load(path).graph
    weights = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    convs = [(n.input[1], n.input[2] if len(n.input) > 2 else None) for n in graph.node if n.op_type == 'Conv']
    called = []
    hooks = [m.register_forward_hook(lambda m, i, o: called.append(m)) for m in model.modules()
             if isinstance(m, nn.Conv2d)]
    model.eval()
    with torch.no_grad():
        model(torch.zeros(1, 1, 64, 64))
    for h in hooks:
        h.remove()
    if len(called) != len(convs):
        raise SystemExit(f'{path}: {len(convs)} convolutions, the model calls {len(called)}')
    followers = {}
    for mod in model.modules():
        if isinstance(mod, nn.Sequential):
            kids = list(mod.children())
            for a, b in zip(kids, kids[1:]):
                if isinstance(a, nn.Conv2d) and isinstance(b, nn.BatchNorm2d):
                    followers[a] = b
    with torch.no_grad():
        for conv, (w_name, b_name) in zip(called, convs):
            w = torch.from_numpy(weights[w_name].copy())
            if w.shape != conv.weight.shape:
                raise SystemExit(f'{path}: {w_name} is {tuple(w.shape)}, the model has {tuple(conv.weight.shape)}')
            conv.weight.copy_(w)
            b = torch.from_numpy(weights[b_name].copy()) if b_name else torch.zeros(w.shape[0])
            bn = followers.get(conv)
            if bn is not None:
                bn.weight.fill_(1.0)
                bn.bias.copy_(b)
                bn.running_mean.zero_()
                bn.running_var.fill_(1.0 - bn.eps)
            elif conv.bias is not None:
                conv.bias.copy_(b)
    model.train()


def freeze_batch_norms(model):
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.eval()


# ---------------------------------------------------------------- data

def shard_list(data_dir, split):
    """Finished shards of a split (the renderer writes <stem>.json last)."""
    out = []
    paths = [p for p in glob.glob(os.path.join(data_dir, f'{split}-*.json')) if not p.endswith('.lines.json')]
    for meta_path in sorted(paths, key=lambda p: int(os.path.basename(p)[len(split) + 1:-5])):
        meta = json.load(open(meta_path))
        stem = meta_path[:-5]
        n, s = meta['count'], meta['size']
        img = np.memmap(stem + '.img', dtype=np.uint8, mode='r', shape=(n, s, s))
        prob = np.memmap(stem + '.prob', dtype=np.uint8, mode='r', shape=(n, s // STRIDE, s // STRIDE))
        thr = np.memmap(stem + '.thr', dtype=np.uint8, mode='r', shape=(n, s // STRIDE, s // STRIDE))
        out.append((img, prob, thr, meta))
    return out


def batch_of(shards, items, augment, rng, crop=0):
    """A batch of crops; with `crop`, a random crop x crop window of each (a multiple of the stride)."""
    xs, ps, ts = [], [], []
    for si, k in items:
        img, prob, thr, _ = shards[si]
        x = img[k].astype(np.float32) / 255.0
        p = prob[k]
        t = thr[k]
        if crop and crop < x.shape[0]:
            cells = crop // STRIDE
            i = int(rng.integers(0, p.shape[0] - cells + 1))
            j = int(rng.integers(0, p.shape[1] - cells + 1))
            x = x[i * STRIDE:i * STRIDE + crop, j * STRIDE:j * STRIDE + crop]
            p = p[i:i + cells, j:j + cells]
            t = t[i:i + cells, j:j + cells]
        if augment:
            if rng.random() < 0.5:  # polarity: light text on dark as often as dark on light
                x = 1.0 - x
            g = rng.uniform(0.6, 1.2)
            x = np.clip((x - 0.5) * g + 0.5 + rng.uniform(-0.15, 0.15), 0, 1)
        xs.append(x)
        ps.append(p.astype(np.float32) / 255.0)
        ts.append(t.astype(np.float32) / 255.0)
    return (torch.from_numpy(np.stack(xs)[:, None]), torch.from_numpy(np.stack(ps)[:, None]),
            torch.from_numpy(np.stack(ts)[:, None]))


# ---------------------------------------------------------------- loss

def balanced_bce(logit, target, ratio=3.0):
    """BCE with hard negative mining: every positive cell and the hardest ratio-times-as-many negatives."""
    loss = F.binary_cross_entropy_with_logits(logit, target, reduction='none')
    pos = target > 0.5
    n_pos = int(pos.sum())
    neg_loss = loss[~pos]
    n_neg = min(int(neg_loss.numel()), max(int(n_pos * ratio), 512))
    neg_top = torch.topk(neg_loss.flatten(), n_neg).values if n_neg > 0 else neg_loss.new_zeros(1)
    return (loss[pos].sum() + neg_top.sum()) / (n_pos + n_neg + 1e-6)


def dice(p, target):
    inter = (p * target).sum()
    return 1 - 2 * inter / (p.sum() + target.sum() + 1e-6)


def db_loss(logit, thresh, prob_t, thr_t, k=50.0):
    p = torch.sigmoid(logit)
    ls = balanced_bce(logit, prob_t)
    binary = torch.sigmoid(k * (p - thresh))
    lb = dice(binary, prob_t)
    # The threshold map is learnt only near the lines (where its target is set), as in DBNet.
    near = (thr_t > 0).float()
    lt = (torch.abs(thresh - thr_t) * near).sum() / (near.sum() + 1e-6)
    return ls + lb + 5 * lt, ls


# ---------------------------------------------------------------- evaluation

@torch.no_grad()
def validate(model, shards, bar=0.4):
    """Cell-level precision, recall and F1 of P > bar against cores > 0.5, and the mean loss."""
    model.eval()
    tp = fp = fn = 0
    for si in range(len(shards)):
        n = shards[si][3]['count']
        for b in range(0, n, 16):
            x, pt, _ = batch_of(shards, [(si, k) for k in range(b, min(n, b + 16))], False, None)
            p = model(x)
            pred = p > bar
            gt = pt > 0.5
            tp += int((pred & gt).sum())
            fp += int((pred & ~gt).sum())
            fn += int((~pred & gt).sum())
    model.train()
    prec = tp / max(1, tp + fp)
    rec = tp / max(1, tp + fn)
    return {'precision': round(prec, 4), 'recall': round(rec, 4), 'f1': round(2 * prec * rec / max(1e-9, prec + rec), 4)}


def export(model, path):
    model.eval()
    dummy = torch.zeros(1, 1, 512, 512)
    torch.onnx.export(model, dummy, path, opset_version=13, input_names=['image'], output_names=['prob'],
                      dynamic_axes={'image': {2: 'height', 3: 'width'}, 'prob': {2: 'height4', 3: 'width4'}})


def load_avg(fallback=''):
    try:
        return [float(v) for v in open('/proc/loadavg').read().split()[:3]]
    except OSError:
        return fallback


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', default=os.path.join(WORK, 'data'))
    ap.add_argument('--work', default=WORK)
    ap.add_argument('--out', default=MODELS)
    ap.add_argument('--minutes', type=float, default=60)
    ap.add_argument('--until', help='stop at this UTC time (HH:MM) instead of after --minutes')
    ap.add_argument('--width', type=float, default=1.0)
    ap.add_argument('--batch', type=int, default=8)
    ap.add_argument('--crop', type=int, default=0, help='train on random windows of this side (0: whole crops)')
    ap.add_argument('--lr', type=float, default=2e-3)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--checkpoint-minutes', type=float, default=4)
    ap.add_argument('--fresh', action='store_true')
    ap.add_argument('--export', action='store_true', help='export the saved state and stop')
    ap.add_argument('--export-random', action='store_true', help='export a randomly initialised net and stop')
    ap.add_argument('--init-onnx', help='start from this exported detector (fine-tuning; batch norms frozen)')
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(1)
    os.makedirs(args.work, exist_ok=True)
    state_path = os.path.join(args.work, 'state.pt')

    if args.export_random:
        model = TextDetector(args.width)
        os.makedirs(args.out, exist_ok=True)
        path = os.path.join(args.out, 'text-detector.onnx')
        export(model, path)
        n = sum(p.numel() for n_, p in model.named_parameters() if not n_.startswith('thresh'))
        print(json.dumps({'width': args.width, 'parameters': n, 'bytes': os.path.getsize(path)}))
        return

    state = None if args.fresh or not os.path.exists(state_path) else torch.load(state_path)
    width = state['width'] if state else args.width
    model = TextDetector(width)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    info = {'step': 0, 'seconds': 0.0, 'samples': 0, 'passes': 0.0, 'resumed': 0, 'log': [], 'loads': []}
    if state:
        model.load_state_dict(state['model'])
        opt.load_state_dict(state['opt'])
        info = state['info']
        if not args.export:
            info['resumed'] += 1
        if args.until:
            info['budget'] = state['info'].get('budget', args.minutes * 60)
        print(f"resumed at step {info['step']}, {info['seconds']:.0f} s spent", flush=True)
    elif args.init_onnx:
        load_onnx_weights(model, args.init_onnx)
        info['initOnnx'] = os.path.relpath(os.path.abspath(args.init_onnx), ROOT)
    model.frozen_bn = 'initOnnx' in info

    if args.export:
        write_export(model, info, width, args)
        return

    # The budget is fixed by the first run (so the cosine schedule does not restart on a resume),
    # unless --until moves the end: then the budget is the time spent so far plus what remains.
    if args.until:
        h, m = (int(v) for v in args.until.split(':'))
        now = datetime.datetime.utcnow()
        end = now.replace(hour=h, minute=m, second=0, microsecond=0)
        info['budget'] = info['seconds'] + max(0.0, (end - now).total_seconds())
    elif 'budget' not in info:
        info['budget'] = args.minutes * 60
    budget = info['budget']
    rng = np.random.default_rng(1 + info['resumed'])
    val = shard_list(args.data, 'val')
    print(f"width {width}, budget {budget / 60:.1f} min, {len(val)} validation shards", flush=True)
    start = time.time() - info['seconds']
    last_ckpt = time.time()

    def save():
        info['seconds'] = time.time() - start
        info['width'] = width
        tmp = state_path + '.tmp'
        torch.save({'model': model.state_dict(), 'opt': opt.state_dict(), 'info': info, 'width': width}, tmp)
        os.replace(tmp, state_path)

    info['crop'] = args.crop
    model.train()
    if model.frozen_bn:
        freeze_batch_norms(model)
    done = False
    while not done:
        shards = shard_list(args.data, 'train')
        if not shards:
            print('no training shards yet; waiting', flush=True)
            time.sleep(30)
            continue
        items = [(si, k) for si, s in enumerate(shards) for k in range(s[3]['count'])]
        order = rng.permutation(len(items))
        t_pass = time.time()
        seen = 0
        for b in range(0, len(order) - args.batch + 1, args.batch):
            spent = time.time() - start
            if spent >= budget:
                done = True
                break
            frac = spent / budget
            warm = min(1.0, (info['step'] + 1) / 200)
            for g in opt.param_groups:
                g['lr'] = args.lr * warm * (0.02 + 0.98 * 0.5 * (1 + np.cos(np.pi * frac)))
            x, pt, tt = batch_of(shards, [items[i] for i in order[b:b + args.batch]], True, rng, args.crop)
            logit, thresh = model.train_outputs(x)
            loss, ls = db_loss(logit, thresh, pt, tt)
            opt.zero_grad()
            loss.backward()
            opt.step()
            info['step'] += 1
            info['samples'] += len(x)
            seen += len(x)
            if info['step'] % 50 == 0:
                rate = seen / max(1e-6, time.time() - t_pass)
                print(f"step {info['step']} loss {loss.item():.3f} (bce {ls.item():.3f}) lr {opt.param_groups[0]['lr']:.2e} "
                      f"{rate:.1f} crops/s, {len(items)} crops, {spent / 60:.1f}/{budget / 60:.1f} min, load {load_avg()}",
                      flush=True)
            if time.time() - last_ckpt > args.checkpoint_minutes * 60:
                info['loads'].append(load_avg())
                save()
                last_ckpt = time.time()
        info['passes'] += seen / max(1, len(items))
        v = validate(model, val) if val else {}
        info['log'].append({'step': info['step'], 'minutes': round((time.time() - start) / 60, 1),
                            'crops': len(items), 'val': v})
        print(f"pass done: step {info['step']}, {info['passes']:.2f} passes, val {v}", flush=True)
        save()
        last_ckpt = time.time()
    save()
    print('budget spent; export with --export', flush=True)


def write_export(model, info, width, args):
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, 'text-detector.onnx')
    export(model, path)
    cfg_path = os.path.join(args.out, 'text-detector.json')
    old = json.load(open(cfg_path)) if os.path.exists(cfg_path) else {}
    data_meta = {}
    meta_path = os.path.join(args.data, 'meta.json')
    if os.path.exists(meta_path):
        data_meta = json.load(open(meta_path))
    train_crops = sum(s[3]['count'] for s in shard_list(args.data, 'train'))
    loads = info.get('loads', [])
    cfg = {
        'createdAt': time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime()),
        'input': {'name': 'image', 'layout': 'N x 1 x H x W, H and W multiples of 32', 'scale': '0..1 (gray / 255)',
                  'normalisation': f'(x - {MEAN}) / {STD}, inside the graph', 'multiple': 32, 'maxPixels': 2_100_000},
        'output': {'name': 'prob', 'stride': STRIDE, 'meaning': 'P(cell lies on the shrunk core of a text line)'},
        # The postprocessing (detect-text-lines.ts); fitted on the independent calibration split by
        # measure-detector.ts, which rewrites these.
        'postprocess': old.get('postprocess', {'bar': 0.4, 'unclipRatio': 1.5, 'minLineHeight': 6, 'maxLines': 20}),
        'training': {
            'width': width,
            'parameters': sum(p.numel() for n, p in model.named_parameters() if not n.startswith('thresh')),
            'trainCrops': train_crops,
            'data': data_meta,
            'steps': info['step'], 'batch': args.batch, 'window': info.get('crop') or 'whole crops', 'samples': info['samples'],
            'passes': round(info['passes'], 2), 'minutes': round(info['seconds'] / 60, 1),
            'resumed': info['resumed'], 'initOnnx': info.get('initOnnx'), 'validation': info['log'][-1]['val'] if info['log'] else None,
            'passLog': info['log'],
            'loadAverage': {'min': min((l[0] for l in loads), default=None),
                            'max': max((l[0] for l in loads), default=None)},
        },
    }
    if 'fit' in old:
        cfg['fit'] = old['fit']
    json.dump(cfg, open(cfg_path, 'w'), indent=1)
    print('wrote', path, os.path.getsize(path), 'bytes', flush=True)


if __name__ == '__main__':
    main()
