#!/usr/bin/python3
"""Trains the font-recognition CNN on the units written by render-dataset.ts, calibrates it and
exports models/font-recognition/model.onnx and labels.json.

Run with Debian's torch (apt-get install python3-torch):
  /usr/bin/python3 ml/font-recognition/train.py --minutes 80
Resumable: it saves <data>/train-state.pt every few minutes, and a rerun with the same data and
options continues from it (--fresh ignores it). Uses CUDA when torch sees it.

Outlier exposure (--exposure DIR, rendered by render-dataset.ts --exposure): every step also sees a
batch of lines set in fonts the library does not hold (held-out-fonts.ts, openSetExposureGroup), and
a loss pulls their family probabilities toward uniform, so that an unseen design is near no family.
"""
import argparse
import hashlib
import json
import math
import os
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
DEFAULT_OUT = os.path.join(ROOT, 'models/font-recognition')
OUTPUT_NAMES = ['family_logits', 'weight', 'italic_logit', 'style_logits', 'embedding', 'size_log_ratio', 'script_logit']
COLS = {'family': 0, 'weight': 1, 'italic': 2, 'style': 3, 'size': 4, 'line': 5, 'core': 6, 'script': 7, 'kind': 8}
LINE_KINDS = ['line', 'shortWord', 'digits']


def load_split(data_dir, name, meta):
    """Images and label rows of one split. The family column is set from each unit's family id, so a
    unit rendered when the library had other families still gets the right label."""
    h, w = meta['inputHeight'], meta['inputWidth']
    ncol = len(meta['labelColumns'])
    xs, ys = [], []
    if 'units' in meta:
        index = {f: i for i, f in enumerate(meta['families'])}
        files = [(u['stem'], index[u['family']]) for u in meta['units'] if u['split'] == name]
    else:  # the layout before resumable units: <split>-<part>
        files = [(f'{name}-{k}', None) for k in range(meta['parts'])]
    for stem, fam in files:
        x = np.fromfile(os.path.join(data_dir, f'{stem}.u8'), dtype=np.uint8).reshape(-1, 1, h, w)
        y = np.fromfile(os.path.join(data_dir, f'{stem}.f32'), dtype=np.float32).reshape(-1, ncol)
        if fam is not None:
            y[:, COLS['family']] = fam
        if ncol < len(COLS):  # older data: no line kind column
            y = np.concatenate([y, np.zeros((len(y), len(COLS) - ncol), np.float32)], axis=1)
        xs.append(x)
        ys.append(y)
    if not xs:
        return np.zeros((0, 1, h, w), np.uint8), np.zeros((0, len(COLS)), np.float32)
    return np.concatenate(xs), np.concatenate(ys)


def cbr(i, o, s=1):
    return nn.Sequential(nn.Conv2d(i, o, 3, s, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))


class FontNet(nn.Module):
    def __init__(self, n_families, n_styles, emb_dim=128, width=1.0):
        super().__init__()
        c = [int(v * width) for v in (16, 32, 64, 128)]
        self.features = nn.Sequential(
            cbr(1, c[0], 2), cbr(c[0], c[1], 2), cbr(c[1], c[1]),
            cbr(c[1], c[2], 2), cbr(c[2], c[2]),
            cbr(c[2], c[3], 2), cbr(c[3], c[3]),
        )
        self.hidden = nn.Sequential(nn.Linear(2 * c[3], 256), nn.BatchNorm1d(256), nn.ReLU(inplace=True), nn.Dropout(0.2))
        self.embed = nn.Linear(256, emb_dim)
        self.family = nn.Parameter(torch.randn(n_families, emb_dim) * 0.1)
        self.scale = 16.0
        self.weight = nn.Linear(256, 1)
        self.italic = nn.Linear(256, 1)
        self.style = nn.Linear(256, n_styles)
        # Font size as log(size / measured line height): the network sees the whole line scaled to
        # its height, so it can tell which ascenders, descenders and marks make up that height.
        self.size = nn.Linear(256, 1)
        # The script of the line (logit of Arabic): a bilingual family names both scripts, so the
        # family alone cannot say which one an image shows.
        self.script = nn.Linear(256, 1)

    def forward(self, x):
        f = self.features(x)
        f = torch.cat([f.mean(dim=(2, 3)), f.amax(dim=(2, 3))], dim=1)
        h = self.hidden(f)
        emb = F.normalize(self.embed(h), dim=1)
        logits = self.scale * emb @ F.normalize(self.family, dim=1).t()
        return (logits, self.weight(h).squeeze(1), self.italic(h).squeeze(1), self.style(h), emb,
                self.size(h).squeeze(1), self.script(h).squeeze(1))


def widen_state(state, model, noise=0.01, seed=0):
    """A state dict of a narrower FontNet made to fit `model` (Net2WiderNet, Chen et al. 2016): each
    added channel of a conv layer copies a random existing one (its filter and batch-norm values), and
    the next layer's weights from a copied channel are shared among its copies, so the wider network
    computes the same function. A little noise on the copies lets them grow apart in training."""
    target = model.state_dict()
    out = dict(state)
    gen = torch.Generator().manual_seed(seed)
    convs = sorted({int(k.split('.')[1]) for k in state if k.startswith('features.')})
    share = None  # (mapping, counts) of the previous layer's output channels
    for i in convs:
        w = state[f'features.{i}.0.weight']
        old, new = w.shape[0], target[f'features.{i}.0.weight'].shape[0]
        if share is not None:  # input channels: the previous layer's copies share its weights
            g, counts = share
            w = w[:, g] / counts[g].view(1, -1, 1, 1)
        g = torch.cat([torch.arange(old), torch.randint(0, old, (new - old,), generator=gen)])
        counts = torch.bincount(g, minlength=old).float()
        w = w[g].clone()
        w[old:] += noise * w[old:].std() * torch.randn(w[old:].shape, generator=gen)
        out[f'features.{i}.0.weight'] = w
        for name in ('weight', 'bias', 'running_mean', 'running_var'):
            out[f'features.{i}.1.{name}'] = state[f'features.{i}.1.{name}'][g].clone()
        share = (g, counts)
    # The head sees [mean, max] of the last layer's channels: both halves are shared the same way.
    g, counts = share
    w = state['hidden.0.weight']
    old = len(counts)
    w = torch.cat([w[:, :old][:, g], w[:, old:][:, g]], dim=1) / torch.cat([counts[g], counts[g]]).view(1, -1)
    out['hidden.0.weight'] = w
    for k, v in target.items():
        assert out[k].shape == v.shape, f'{k}: {tuple(out[k].shape)} cannot become {tuple(v.shape)}'
    return out


def to_tensor(x):
    return torch.from_numpy(x).float().div_(255.0)


def augment(x):
    # Cheap on-the-fly variation on top of the rendered augmentation: contrast and small shifts.
    b = x.shape[0]
    gain = torch.empty(b, 1, 1, 1, device=x.device).uniform_(0.7, 1.25)
    x = (x * gain).clamp_(0, 1)
    shift = int(np.random.randint(-2, 3))
    if shift:
        x = torch.roll(x, shifts=shift, dims=2)
    return x


def size_target(y):
    """log(font size / line height); NaN where the line height was not measured."""
    line = y[:, COLS['line']]
    size = y[:, COLS['size']]
    ok = (line > 0) & (size > 0)
    return torch.where(ok, torch.log(size.clamp(min=1e-3) / line.clamp(min=1e-3)), torch.full_like(line, float('nan')))


def losses(out, y):
    logits, weight, italic, style, _, size, script = out
    fam = y[:, COLS['family']].long()
    l_fam = F.cross_entropy(logits, fam, label_smoothing=0.05)
    l_w = F.smooth_l1_loss(weight, (y[:, COLS['weight']] - 400.0) / 300.0)
    l_i = F.binary_cross_entropy_with_logits(italic, y[:, COLS['italic']])
    st = y[:, COLS['style']].long()
    mask = st >= 0
    l_s = F.cross_entropy(style[mask], st[mask]) if mask.any() else logits.sum() * 0
    t = size_target(y)
    ok = torch.isfinite(t)
    l_z = F.smooth_l1_loss(size[ok], t[ok], beta=0.1) if ok.any() else logits.sum() * 0
    l_sc = F.binary_cross_entropy_with_logits(script, y[:, COLS['script']])
    return l_fam + 0.5 * l_w + 0.3 * l_i + 0.5 * l_s + 2.0 * l_z + 0.3 * l_sc


def uniform_loss(logits):
    """Cross-entropy against the uniform distribution over families (Hendrycks et al., outlier exposure)."""
    return -F.log_softmax(logits, dim=1).mean(dim=1).mean()


def caught_share(val_logits, exposure_logits, cap=0.15):
    """Share of exposure lines whose top logit is below the level that flags `cap` of validation lines:
    how far apart the two are at the open-set decision's operating point (a training monitor only)."""
    level = torch.quantile(val_logits.max(1).values, cap)
    return (exposure_logits.max(1).values < level).float().mean().item()


@torch.no_grad()
def predict(model, x, batch=512):
    """The model's seven outputs for every window of x, on the CPU."""
    model.eval()
    device = next(model.parameters()).device
    outs = [[] for _ in range(7)]
    for i in range(0, len(x), batch):
        o = model(to_tensor(x[i:i + batch]).to(device))
        for k in range(7):
            outs[k].append(o[k].cpu())
    return [torch.cat(o) for o in outs]


def ece(probs, labels, bins=15):
    conf, pred = probs.max(1)
    acc = (pred == labels).float()
    total = 0.0
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        m = (conf > lo) & (conf <= hi)
        if m.any():
            total += m.float().mean().item() * abs(conf[m].mean().item() - acc[m].mean().item())
    return total


def fit_temperature(logits, labels):
    best = (1.0, float('inf'))
    for t in np.concatenate([np.arange(0.3, 3.0, 0.02), np.arange(3.0, 8.0, 0.1)]):
        nll = F.cross_entropy(logits / float(t), labels).item()
        if nll < best[1]:
            best = (float(t), nll)
    return best[0]


def metrics(out, y, temperature):
    logits, weight, italic, style, _, size, script = out
    fam = torch.from_numpy(y[:, COLS['family']]).long()
    probs = F.softmax(logits / temperature, dim=1)
    top5 = probs.topk(5, dim=1).indices
    st = torch.from_numpy(y[:, COLS['style']]).long()
    m = st >= 0
    w_pred = weight * 300 + 400
    yt = torch.from_numpy(y)
    t = size_target(yt)
    ok = torch.isfinite(t)
    size_err = (torch.exp(size[ok] - t[ok]) - 1).abs()
    return {
        'n': len(y),
        'top1': (top5[:, 0] == fam).float().mean().item(),
        'top5': (top5 == fam[:, None]).any(1).float().mean().item(),
        'style': (style[m].argmax(1) == st[m]).float().mean().item() if m.any() else None,
        'weightWithin100': ((w_pred - torch.from_numpy(y[:, COLS['weight']])).abs() <= 100).float().mean().item(),
        'italic': ((italic > 0).float() == torch.from_numpy(y[:, COLS['italic']])).float().mean().item(),
        'ece': ece(probs, fam),
        'sizeErrorMedian': size_err.median().item() if ok.any() else None,
        'sizeErrorMean': size_err.mean().item() if ok.any() else None,
        'script': ((script > 0).float() == torch.from_numpy(y[:, COLS['script']])).float().mean().item(),
    }


def subset_top1(out, y, arabic_family):
    """Top-1 on parts of a split: the Latin lines of bilingual Arabic families, short words, digit lines."""
    pred = out[0].argmax(1).numpy()
    fam = y[:, COLS['family']].astype(int)
    right = pred == fam
    latin_in_arabic = (y[:, COLS['script']] == 0) & arabic_family[fam]
    parts = {'latinInBilingual': latin_in_arabic}
    for k, name in enumerate(LINE_KINDS):
        parts[name] = y[:, COLS['kind']] == k
    return {name: {'n': int(m.sum()), 'top1': float(right[m].mean()) if m.any() else None} for name, m in parts.items()}


def size_ratios(y, n_families, arabic_family):
    """Per family: the glyph measure (line or core height) whose ratio to the font size varies least,
    on lines in the family's own script (not the Latin lines of a bilingual Arabic family)."""
    out = []
    for f in range(n_families):
        own_script = 1 if arabic_family[f] else 0
        rows = y[(y[:, COLS['family']] == f) & (y[:, COLS['script']] == own_script)]
        best = None
        for measure in ('line', 'core'):
            r = rows[:, COLS[measure]] / rows[:, COLS['size']]
            r = r[np.isfinite(r) & (r > 0)]
            if len(r) == 0:
                continue
            med = float(np.median(r))
            spread = float(np.median(np.abs(r - med)) / med)
            if best is None or spread < best['spread']:
                best = {'measure': measure, 'ratio': med, 'spread': spread}
        out.append(best or {'measure': 'line', 'ratio': 1.2, 'spread': 1.0})
    return out


def save_atomic(obj, path):
    tmp = f'{path}.tmp'
    torch.save(obj, tmp)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', default=os.path.join(ROOT, 'ml/font-recognition/work/data'))
    ap.add_argument('--out', default=DEFAULT_OUT)
    ap.add_argument('--minutes', type=float, default=80, help='training time budget (the cosine schedule spans it)')
    ap.add_argument('--width', type=float, default=1.25, help='channel multiplier of the conv layers (1.0: 16-128)')
    ap.add_argument('--batch', type=int, default=128)
    ap.add_argument('--lr', type=float, default=3e-3)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--device', default='auto', choices=['auto', 'cpu', 'cuda'], help='auto: CUDA when torch sees it')
    ap.add_argument('--init', help='continue from a saved state dict (e.g. work/data/model.pt)')
    ap.add_argument('--warmup', type=int, default=300, help='linear warm-up steps')
    ap.add_argument('--checkpoint-minutes', type=float, default=5,
                    help='save <data>/train-state.pt this often; a rerun with the same data and options resumes from it')
    ap.add_argument('--fresh', action='store_true', help='ignore an interrupted run\'s train-state.pt')
    ap.add_argument('--exposure', help='outlier-exposure data (render-dataset.ts --exposure --out DIR)')
    ap.add_argument('--exposure-weight', type=float, default=0.5, help='weight of the uniform loss on exposure lines')
    ap.add_argument('--exposure-batch', type=int, default=32, help='exposure lines added to each batch')
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    device = torch.device('cuda' if args.device == 'cuda' or (args.device == 'auto' and torch.cuda.is_available()) else 'cpu')
    with open(os.path.join(args.data, 'meta.json')) as fh:
        meta = json.load(fh)
    with open(os.path.join(ROOT, 'models/font-recognition/library.json')) as fh:
        library = json.load(fh)
    script_of = {f['id']: f['script'] for f in library['families']}
    if [f['id'] for f in library['families']] != meta['families']:
        missing = [f for f in meta['families'] if f not in script_of]
        assert not missing, f'families not in library.json: {missing}'
        assert os.path.abspath(args.out) != DEFAULT_OUT, \
            'library.json changed since the data was rendered: run render-dataset.ts again (finished units are kept)'
        print('note: the data covers', len(meta['families']), 'of the library\'s', len(script_of), 'families', flush=True)
    arabic_family = np.array([script_of[f] == 'arabic' for f in meta['families']])
    xtr, ytr = load_split(args.data, 'train', meta)
    xva, yva = load_split(args.data, 'val', meta)
    xte, yte = load_split(args.data, 'test', meta)
    n_fam = len(meta['families'])
    xex = None
    if args.exposure:
        with open(os.path.join(args.exposure, 'meta.json')) as fh:
            meta_ex = json.load(fh)
        xex, _ = load_split(args.exposure, 'train', meta_ex)
        print(f'outlier exposure: {len(xex)} lines of {len(meta_ex["families"])} families not in the library, '
              f'{args.exposure_batch} per step at weight {args.exposure_weight}', flush=True)
    print(f'train {len(xtr)}  val {len(xva)}  held-out strings {len(xte)}  families {n_fam}  device {device}', flush=True)

    model = FontNet(n_fam, len(meta['arabicStyles']), width=args.width).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    print('parameters', sum(p.numel() for p in model.parameters()), flush=True)
    # An interrupted run of the same data and options resumes where its last checkpoint left it.
    state_path = os.path.join(args.data, 'train-state.pt')
    config = {'families': meta['families'], 'units': meta.get('units'), 'samples': len(xtr), 'width': args.width,
              'minutes': args.minutes, 'batch': args.batch, 'lr': args.lr, 'seed': args.seed, 'init': args.init,
              'warmup': args.warmup,
              'exposure': args.exposure and {'units': meta_ex.get('units'), 'weight': args.exposure_weight,
                                             'batch': args.exposure_batch}}
    key = hashlib.sha1(json.dumps(config, sort_keys=True).encode()).hexdigest()
    step, epoch, elapsed, resumed = 0, 0, 0.0, 0
    state = torch.load(state_path, map_location='cpu', weights_only=False) if os.path.exists(state_path) and not args.fresh else None
    if state is not None and state['key'] == key:
        model.load_state_dict(state['model'])
        opt.load_state_dict(state['opt'])
        step, epoch, elapsed, resumed = state['step'], state['epoch'], state['elapsed'], state['resumed'] + 1
        np.random.set_state(state['np_rng'])
        torch.set_rng_state(state['torch_rng'])
        print(f'resuming an interrupted run: epoch {epoch}, step {step}, {elapsed / 60:.1f} of {args.minutes} minutes done', flush=True)
    else:
        if state is not None:
            print('train-state.pt is from other data or options: starting afresh', flush=True)
        if args.init:
            init = torch.load(args.init, map_location='cpu')
            if init['features.0.0.weight'].shape != model.state_dict()['features.0.0.weight'].shape:
                init = widen_state(init, model)
                print(f'widened {args.init} to width {args.width}', flush=True)
            model.load_state_dict(init)
            print('continuing from', args.init, flush=True)
    budget = args.minutes * 60
    start = time.time() - elapsed
    last_save = time.time()
    ytr_t = torch.from_numpy(ytr)
    seen = np.sort(np.random.RandomState(3).permutation(len(xtr))[:min(len(xtr), len(xva) or 5000)])
    # --minutes 0 with --init: no training, only the export below (a new library's centroids and
    # calibration for a committed checkpoint).
    done = args.minutes <= 0
    while not done:
        epoch += 1
        model.train()
        perm = np.random.permutation(len(xtr))
        run = 0.0
        for i in range(0, len(perm) - args.batch + 1, args.batch):
            frac = (time.time() - start) / budget
            if frac >= 1:
                done = True
                break
            lr = args.lr * min(1.0, (step + 1) / max(1, args.warmup)) * 0.5 * (1 + math.cos(math.pi * frac))
            for g in opt.param_groups:
                g['lr'] = lr
            idx = np.sort(perm[i:i + args.batch])
            xb = augment(to_tensor(xtr[idx]).to(device))
            if xex is None:
                loss = losses(model(xb), ytr_t[idx].to(device))
            else:
                # One forward pass over both, so batch normalisation sees library and exposure lines together.
                eidx = np.sort(np.random.randint(0, len(xex), args.exposure_batch))
                out = model(torch.cat([xb, augment(to_tensor(xex[eidx]).to(device))]))
                n = len(idx)
                loss = losses(tuple(o[:n] for o in out), ytr_t[idx].to(device)) + \
                    args.exposure_weight * uniform_loss(out[0][n:])
            opt.zero_grad()
            loss.backward()
            opt.step()
            run = 0.98 * run + 0.02 * loss.item() if step else loss.item()
            step += 1
            if step % 100 == 0:
                print(f'epoch {epoch} step {step} loss {run:.3f} lr {lr:.5f} elapsed {time.time() - start:.0f}s', flush=True)
            if time.time() - last_save > args.checkpoint_minutes * 60:
                # Resuming starts a new epoch: the rest of this one is skipped, which a time budget absorbs.
                save_atomic({'key': key, 'model': model.state_dict(), 'opt': opt.state_dict(), 'step': step,
                             'epoch': epoch, 'elapsed': time.time() - start, 'resumed': resumed,
                             'np_rng': np.random.get_state(), 'torch_rng': torch.get_rng_state()}, state_path)
                last_save = time.time()
        if len(xva):
            vo = predict(model, xva)
            vm = metrics(vo, yva, 1.0)
            # The same measure on lines it trains on: far above validation, the model is memorising them.
            vm['seenTop1'] = metrics(predict(model, xtr[seen]), ytr[seen], 1.0)['top1']
            if xex is not None:
                sub = xex[np.random.RandomState(2).permutation(len(xex))[:3000]]
                vm['exposureCaught'] = caught_share(vo[0], predict(model, sub)[0])
            print(f'epoch {epoch} done: val {json.dumps(vm)}', flush=True)

    val_out = predict(model, xva)
    labels_va = torch.from_numpy(yva[:, COLS['family']]).long()
    temperature = fit_temperature(val_out[0], labels_va)
    val_m = metrics(val_out, yva, temperature)
    val_subsets = subset_top1(val_out, yva, arabic_family)
    test_m = metrics(predict(model, xte), yte, temperature) if len(xte) else None
    print('temperature', temperature, '\nval', json.dumps(val_m), '\nval by kind of line', json.dumps(val_subsets),
          '\nheld-out strings', json.dumps(test_m), flush=True)

    # Family centroids of the embedding, from the validation samples and a random share of the
    # training samples (every family; a bilingual family's centroid includes its Latin lines).
    pick = np.sort(np.random.RandomState(1).permutation(len(xtr))[:40000])
    cent_x = np.concatenate([xva, xtr[pick]])
    cent_y = np.concatenate([yva, ytr[pick]])
    emb = predict(model, cent_x)[4]
    centroids = []
    for f in range(n_fam):
        e = emb[torch.from_numpy(cent_y[:, COLS['family']] == f)]
        centroids.append(F.normalize(e.mean(0), dim=0).tolist())

    os.makedirs(args.out, exist_ok=True)
    model = model.cpu().eval()
    dummy = torch.zeros(1, 1, meta['inputHeight'], meta['inputWidth'])
    onnx_path = os.path.join(args.out, 'model.onnx')
    torch.onnx.export(
        model, dummy, onnx_path, opset_version=13,
        input_names=['input'], output_names=OUTPUT_NAMES,
        dynamic_axes={k: {0: 'batch'} for k in ['input', *OUTPUT_NAMES]},
    )
    labels = {
        'version': 1,
        'createdAt': time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime()),
        'input': {'name': 'input', 'height': meta['inputHeight'], 'width': meta['inputWidth'], 'channels': 1,
                  'layout': 'NCHW', 'range': '0..1 ink strength, text bright on black, from src/server/modules/font-recognition/find-text-lines.ts and model-inputs.ts'},
        'outputs': {'family_logits': 'divide by temperature, softmax', 'weight': 'CSS weight = value * 300 + 400',
                    'italic_logit': 'sigmoid > 0.5 means italic', 'style_logits': 'softmax over arabicStyles',
                    'embedding': 'L2-normalised; cosine against familyCentroids',
                    'size_log_ratio': 'font size px = measured line height px * exp(value)',
                    'script_logit': 'sigmoid > 0.5 means the line is Arabic script'},
        'families': meta['families'],
        'arabicStyles': meta['arabicStyles'],
        'temperature': temperature,
        'familyCentroids': [[round(v, 5) for v in c] for c in centroids],
        'sizeRatios': size_ratios(ytr, n_fam, arabic_family),
        'training': {'samples': len(xtr), 'epochs': epoch, 'steps': step, 'minutes': round((time.time() - start) / 60, 1),
                     'width': args.width, 'device': device.type, 'resumed': resumed,
                     'bilingual': meta.get('bilingual', []), 'shares': meta.get('shares'), 'renderSeed': meta.get('seed'),
                     'continuedFrom': args.init and os.path.relpath(args.init, ROOT),
                     'exposure': args.exposure and {'lines': len(xex), 'weight': args.exposure_weight,
                                                    'batch': args.exposure_batch},
                     'validation': val_m, 'validationByKind': val_subsets, 'heldOutStrings': test_m},
    }
    with open(os.path.join(args.out, 'labels.json'), 'w') as fh:
        json.dump(labels, fh, indent=1)
    torch.save(model.state_dict(), os.path.join(args.data, 'model.pt'))
    if os.path.exists(state_path):
        os.remove(state_path)
    print('wrote', onnx_path, os.path.getsize(onnx_path), 'bytes', flush=True)


if __name__ == '__main__':
    main()
