# Figures of imported games for docs/import.md:
#   python3 scripts/import-measure.py GOBOOK_BINARY LABEL
#     imports each game of the list below, inspects and builds it, prints the figures table;
#   python3 scripts/import-measure.py editions
#     every commented game and problem file of the corpora: imported, checked (warnings),
#     built to the site, the EPUB and the PDF, each comment looked for in the three editions'
#     text (tests/it/import_editions.rs with GOBOOK_IMPORT_CORPUS=all; about half an hour of
#     two cores with the debug build), and prints the counts and every miss.
import json, subprocess, sys, os, statistics, glob, shutil
if sys.argv[1:] == ['editions']:
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    env = dict(os.environ, GOBOOK_IMPORT_CORPUS='all')
    sys.exit(subprocess.run(['cargo', 'test', '--test', 'it', 'import_editions', '--', '--nocapture'],
                            cwd=root, env=env).returncode)
gb, label = sys.argv[1], sys.argv[2]
C = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'shared', 'corpora') + '/'
HEIGHT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'browser', 'page-height.mjs')
games = ['gnugo-regression/regression/games/mertin13x13/katsunari-gnugo3.B+14.sgf',
         'gnugo-regression/regression/games/nngs/gnugo-3.1.18-bnh-200201061916.sgf',
         'gnugo-regression/regression/games/scoring/score49.sgf',
         'gnugo-regression/regression/games/semeai/semeai5.sgf',
         'gnugo-regression/regression/games/nando/meijin27_g1.sgf',
         'littlego/sgf/Famous games/Blood-vomiting game.sgf',
         'sabaki-sgf/complex.sgf',
         'littlego/sgf/9x9/9x9_2.sgf']
rows = []
for g in games:
    d = f'/tmp/import-measure/{label}/' + os.path.basename(g).replace('.sgf', '').replace(' ', '-')
    shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
    book = d + '/book.gobook'
    r = subprocess.run([gb, 'import', C + g, '-o', book], capture_output=True, text=True)
    if r.returncode: print('import failed', g, r.stderr[:300]); continue
    js = json.loads(subprocess.run([gb, 'inspect', book], capture_output=True, text=True).stdout)
    figs, on_num, bare = [], 0, 0
    for dg in js['diagrams']:
        shown = {m['point'] for m in dg['moves'] if m['shown'] and m['point']}
        if dg['kind'] == 'fig':
            figs.append(sum(1 for m in dg['moves'] if m['number'] is not None))
        for l in dg['labels']:
            if len(l['value']) == 1 and l['value'].isalpha() and l['point'] in shown:
                on_num += 1
        if dg['kind'] != 'fig' and not dg['moves'] and dg['view'] is None:
            bare += 1
    subprocess.run([gb, 'build', book, '-o', d + '/site'], capture_output=True)
    pages = sorted(p for p in glob.glob(d + '/site/**/*.html', recursive=True) if not p.endswith('index.html') or True)
    pages = [p for p in pages if '/en/' in p or True]
    h = subprocess.run(['node', HEIGHT, ','.join(pages)], capture_output=True, text=True).stdout.strip()
    rows.append((os.path.basename(g), len(figs), min(figs[:-1] or figs) if figs else 0, statistics.median(figs) if figs else 0, on_num, bare, h, len(pages)))
print('| game | figures | shortest (but the last) | median | letters on numbered stones | full boards without moves | height px (pages) |')
print('|---|---|---|---|---|---|---|')
for r in rows: print(f'| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} | {r[5]} | {r[6]} ({r[7]}) |')
