#!/usr/bin/env python3
"""Writes Sources/WhereaboutsReplay/Resources/sample-walk.gpx: a 10-minute walk in Paris.

The route follows real streets and squares: from the Pont Neuf along the Quai du Louvre to the
Pont des Arts, through the Cour Carrée of the Louvre, past the Pyramid to the Arc de Triomphe du
Carrousel. One point every 2 seconds at walking pace, with a little
deterministic GPS noise (seeded), elevation and HDOP. Run it again to regenerate the file.
"""
import math, random, datetime, pathlib

WAYPOINTS = [  # (lat, lon): corners of the route
    (48.85700, 2.34110),  # Pont Neuf, north bank end
    (48.85790, 2.33930),  # Quai du Louvre
    (48.85880, 2.33760),  # Pont des Arts, north end
    (48.85960, 2.33720),  # Passage to the Cour Carrée
    (48.86040, 2.33780),  # Cour Carrée, centre
    (48.86090, 2.33610),  # Pavillon de l'Horloge
    (48.86110, 2.33580),  # Pyramid
    (48.86170, 2.33300),  # Arc de Triomphe du Carrousel
]
SPEED = 1.35          # m/s
STEP = 2.0            # s between points
START = datetime.datetime(2026, 5, 16, 9, 30, 0, tzinfo=datetime.timezone.utc)

def metres(a, b):
    dy = (b[0] - a[0]) * 111_195
    dx = (b[1] - a[1]) * 111_195 * math.cos(math.radians(a[0]))
    return math.hypot(dx, dy)

rng = random.Random(20260516)
points, t = [], 0.0
for a, b in zip(WAYPOINTS, WAYPOINTS[1:]):
    d = metres(a, b)
    n = max(1, int(d / (SPEED * STEP)))
    course = (math.degrees(math.atan2((b[1] - a[1]) * math.cos(math.radians(a[0])), b[0] - a[0])) + 360) % 360
    for i in range(n):
        f = i / n
        lat = a[0] + (b[0] - a[0]) * f + rng.gauss(0, 2.5) / 111_195
        lon = a[1] + (b[1] - a[1]) * f + rng.gauss(0, 2.5) / (111_195 * math.cos(math.radians(lat)))
        points.append((lat, lon, 34 + rng.gauss(0, 0.8), t, round(0.8 + rng.random() * 0.6, 1), course))
        t += STEP
lat, lon = WAYPOINTS[-1]
points.append((lat, lon, 35.0, t, 0.9, points[-1][5]))

lines = ['<?xml version="1.0" encoding="UTF-8"?>',
         '<gpx version="1.1" creator="Whereabouts scripts/make-sample-track.py"',
         '     xmlns="http://www.topografix.com/GPX/1/1"',
         '     xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">',
         '  <metadata>',
         '    <name>A walk from the Pont Neuf to the Carrousel</name>',
         f'    <time>{START.strftime("%Y-%m-%dT%H:%M:%SZ")}</time>',
         '  </metadata>',
         '  <trk>',
         '    <name>Pont Neuf – Louvre – Carrousel</name>',
         '    <trkseg>']
for lat, lon, ele, t, hdop, course in points:
    when = (START + datetime.timedelta(seconds=t)).strftime("%Y-%m-%dT%H:%M:%SZ")
    lines += [f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}">',
              f'        <ele>{ele:.1f}</ele>',
              f'        <time>{when}</time>',
              f'        <hdop>{hdop}</hdop>',
              '        <extensions><gpxtpx:TrackPointExtension>'
              f'<gpxtpx:speed>{SPEED + rng.gauss(0, 0.1):.2f}</gpxtpx:speed>'
              f'<gpxtpx:course>{course:.1f}</gpxtpx:course>'
              '</gpxtpx:TrackPointExtension></extensions>',
              '      </trkpt>']
lines += ['    </trkseg>', '  </trk>', '</gpx>', '']
out = pathlib.Path(__file__).resolve().parent.parent / 'Sources/WhereaboutsReplay/Resources/sample-walk.gpx'
out.write_text('\n'.join(lines))
print(f'{out}: {len(points)} points, {t / 60:.1f} minutes')
