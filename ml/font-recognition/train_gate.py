#!/usr/bin/python3
"""Trains the text gate (none / text / unreadable) on the windows written by render-gate.ts and
exports models/font-recognition/text-gate.onnx. The decision thresholds are fitted afterwards by
calibrate-gate.ts, through the server's own recognizer.

Run with Debian's torch:  /usr/bin/python3 ml/font-recognition/train_gate.py --minutes 8
"""
import argparse
import json
import os
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))


def load(data_dir, split, meta):
    xs, ys = [], []
    h, w = meta['inputHeight'], meta['inputWidth']
    for k in range(meta['parts']):
        xs.append(np.fromfile(os.path.join(data_dir, f'gate-{split}-{k}.u8'), dtype=np.uint8).reshape(-1, 1, h, w))
        ys.append(np.fromfile(os.path.join(data_dir, f'gate-{split}-{k}.lab'), dtype=np.uint8).astype(np.int64))
    return np.concatenate(xs), np.concatenate(ys)


def cbr(i, o, s=1):
    return nn.Sequential(nn.Conv2d(i, o, 3, s, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))


class GateNet(nn.Module):
    def __init__(self, n_classes=3, width=1.0):
        super().__init__()
        c = [max(4, round(n * width)) for n in (8, 16, 32, 32, 48, 48)]
        self.features = nn.Sequential(cbr(1, c[0], 2), cbr(c[0], c[1], 2), cbr(c[1], c[2], 2), cbr(c[2], c[3]),
                                      cbr(c[3], c[4], 2), cbr(c[4], c[5]))
        self.head = nn.Linear(2 * c[5], n_classes)

    def forward(self, x):
        f = self.features(x)
        return self.head(torch.cat([f.mean(dim=(2, 3)), f.amax(dim=(2, 3))], dim=1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', default=os.path.join(ROOT, 'ml/font-recognition/work/gate'))
    ap.add_argument('--out', default=os.path.join(ROOT, 'models/font-recognition'))
    ap.add_argument('--minutes', type=float, default=8)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--batch', type=int, default=128)
    # Channels times this (1.0: ~50 k parameters, the first gate's size).
    ap.add_argument('--width', type=float, default=1.0)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(1)
    np.random.seed(1)
    # --data may name several folders (comma-separated), e.g. sets rendered with different seeds; a
    # folder named twice counts twice (train.sh counts the detector's scenes three times).
    dirs = args.data.split(',')
    meta = json.load(open(os.path.join(dirs[0], 'meta.json')))
    parts = [(load(d, 'train', json.load(open(os.path.join(d, 'meta.json')))),
              load(d, 'val', json.load(open(os.path.join(d, 'meta.json'))))) for d in dirs]
    xtr = np.concatenate([p[0][0] for p in parts])
    ytr = np.concatenate([p[0][1] for p in parts])
    xva = np.concatenate([p[1][0] for p in parts])
    yva = np.concatenate([p[1][1] for p in parts])
    counts = np.bincount(ytr, minlength=3)
    print('train', len(ytr), counts.tolist(), 'val', len(yva), np.bincount(yva, minlength=3).tolist(), flush=True)
    # Balanced classes; refusing real text is the costlier error, so text weighs a little more.
    weights = torch.tensor(len(ytr) / (3 * np.maximum(counts, 1)), dtype=torch.float32) * torch.tensor([1.0, 1.3, 1.0])
    model = GateNet(width=args.width)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    budget = args.minutes * 60
    start = time.time()
    epoch = 0
    steps = 0
    while time.time() - start < budget:
        model.train()
        perm = np.random.permutation(len(ytr))
        for b in range(0, len(perm), args.batch):
            frac = min(1.0, (time.time() - start) / budget)
            for g in opt.param_groups:
                g['lr'] = 3e-3 * 0.5 * (1 + np.cos(np.pi * frac))
            idx = perm[b:b + args.batch]
            x = torch.from_numpy(xtr[idx]).float().div_(255.0)
            x = (x * torch.empty(len(idx), 1, 1, 1).uniform_(0.7, 1.25)).clamp_(0, 1)
            if np.random.rand() < 0.5:
                x = torch.flip(x, dims=[3])
            y = torch.from_numpy(ytr[idx])
            loss = F.cross_entropy(model(x), y, weight=weights, label_smoothing=0.05)
            opt.zero_grad()
            loss.backward()
            opt.step()
            steps += 1
            if time.time() - start >= budget:
                break
        epoch += 1
        model.eval()
        with torch.no_grad():
            prob = torch.cat([F.softmax(model(torch.from_numpy(xva[i:i + 512]).float().div_(255.0)), dim=1)
                              for i in range(0, len(yva), 512)]).numpy()
        pred = prob.argmax(1)
        acc = [float((pred[yva == c] == c).mean()) if (yva == c).any() else float('nan') for c in range(3)]
        # At the bar on P(none) that only 1% of the text windows reach, the share of text-free
        # windows it refuses: the trade the gate's thresholds are fitted on (calibrate-gate.ts).
        bar = float(np.quantile(prob[yva == 1, 0], 0.99))
        none_at_bar = float((prob[yva == 0, 0] >= bar).mean())
        print(f'epoch {epoch} steps {steps} loss {loss.item():.3f} val recall none/text/unreadable '
              f'{acc[0]:.3f}/{acc[1]:.3f}/{acc[2]:.3f}, none refused at 1% of text {none_at_bar:.3f} '
              f'{time.time() - start:.0f}s', flush=True)
    model.eval()
    onnx_path = os.path.join(args.out, 'text-gate.onnx')
    torch.onnx.export(model, torch.zeros(1, 1, meta['inputHeight'], meta['inputWidth']), onnx_path, opset_version=13,
                      input_names=['input'], output_names=['gate_logits'],
                      dynamic_axes={'input': {0: 'n'}, 'gate_logits': {0: 'n'}})
    info = {
        'createdAt': time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime()),
        'classes': meta['classes'],
        'input': {'name': 'input', 'height': meta['inputHeight'], 'width': meta['inputWidth']},
        'training': {'data': [os.path.relpath(d, ROOT) for d in dirs],
                     'windows': int(len(ytr)), 'perClass': counts.tolist(), 'epochs': epoch, 'steps': steps,
                     'minutes': args.minutes, 'width': args.width, 'valRecall': dict(zip(meta['classes'], acc)),
                     'valNoneRefusedAtOnePercentOfText': none_at_bar},
    }
    path = os.path.join(args.out, 'text-gate.json')
    old = json.load(open(path)) if os.path.exists(path) else {}
    # Keep thresholds fitted earlier until calibrate-gate.ts refits them.
    info['thresholds'] = old.get('thresholds', {'none': 0.5, 'unreadable': 0.5})
    json.dump(info, open(path, 'w'), indent=1)
    print('wrote', onnx_path, os.path.getsize(onnx_path), 'bytes', flush=True)


if __name__ == '__main__':
    main()
