#!/usr/bin/env python3
"""An independent re-computation of `cacs report --summary`'s figures, from the records that
`cacs report --format json` writes (test/unit/report-summary-cli.test.ts).

Written apart from src/report/summary.ts on purpose, in another language and by the plainest
means: Python's datetime for days and hours, sorting and picking for percentiles, every pair of
calls for the 24-hour rule, string comparison of the clock for the permitted hours.

stdin: {"records": [...], "answered": [...], "callHours": "08:00-17:00", "max": 1,
        "dnc": {"0912…": "dnc.txt"}}
stdout: the figures, in the summary's JSON shape (samples as the test compares them).
"""
import json
import math
import sys
from datetime import datetime, timedelta

args = json.load(sys.stdin)
records = args["records"]
answered_set = {s.strip().upper() for s in args["answered"]}
start, end = args["callHours"].split("-")
limit = args["max"]
dnc = args["dnc"]


def status_of(a):
    s = a.get("status")
    return "(none)" if s is None or str(s).strip() == "" else str(s)


def seconds(v):
    if v is None or (isinstance(v, str) and v.strip() == ""):
        return None
    try:
        n = float(v)
    except ValueError:
        return None
    return n if n >= 0 and math.isfinite(n) else None


def when(a):
    try:
        return datetime.strptime(a.get("date_time") or "", "%Y-%m-%d %H:%M:%S")
    except ValueError:
        return None


def nearest_rank(values, p):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(1, math.ceil(p / 100 * len(ordered))) - 1]


def stats(values):
    return {
        "count": len(values),
        "median": nearest_rank(values, 50),
        "p90": nearest_rank(values, 90),
        "total": sum(values),
    }


leads = len(records)
attempts = 0
statuses = {}
answered = 0
answered_leads = 0
waits, talks = [], []
days = {}
hours = [[0, 0] for _ in range(24)]
keys = {}
calls = {}
outside = []
suppressed = []
undated = 0
for r in records:
    lead_answered = False
    for a in r["data"]:
        attempts += 1
        st = status_of(a)
        statuses[st] = statuses.get(st, 0) + 1
        is_answered = st.strip().upper() in answered_set
        if is_answered:
            answered += 1
            lead_answered = True
        w = seconds(a.get("wait_time"))
        if w is not None:
            waits.append(w)
        if is_answered:
            t = seconds(a.get("talk_time"))
            if t is not None:
                talks.append(t)
        k = "" if a.get("key_press") is None else str(a["key_press"]).strip()
        if k:
            keys[k] = keys.get(k, 0) + 1
        phone = (a.get("phone_number") or "").strip() or (r.get("phone_number") or "").strip()
        ref = [r["campaign_lead_id"], phone, a.get("date_time"), st]
        d = when(a)
        if d is None:
            undated += 1
        else:
            day = d.strftime("%Y-%m-%d")
            days.setdefault(day, {})
            days[day][st] = days[day].get(st, 0) + 1
            hours[d.hour][0] += 1
            if is_answered:
                hours[d.hour][1] += 1
            clock = d.strftime("%H:%M:%S")
            if clock < start + ":00" or clock >= end + ":00":
                outside.append(ref)
            if phone:
                calls.setdefault(phone, []).append(d)
        if phone in dnc:
            suppressed.append(ref + [dnc[phone]])
    if lead_answered:
        answered_leads += 1

# The 24-hour rule: for every call, the calls in the 24 hours that start with it.
over = []
for phone, times in calls.items():
    worst = 0
    for t in times:
        n = sum(1 for u in times if t <= u < t + timedelta(hours=24))
        worst = max(worst, n)
    if worst > limit:
        over.append([phone, worst])
over.sort(key=lambda x: (-x[1], x[0]))

per_day = []
# Every day of the report's range when it is given (and any attempt's day outside it), else
# the days from the first attempt's to the last's.
span = list(days) + [args["range"][0][:10], args["range"][1][:10]] if args.get("range") else list(days)
if span:
    d = datetime.strptime(min(span), "%Y-%m-%d")
    last = datetime.strptime(max(span), "%Y-%m-%d")
    while d <= last:
        day = d.strftime("%Y-%m-%d")
        counts = days.get(day, {})
        per_day.append({"day": day, "attempts": sum(counts.values()), "statuses": counts})
        d += timedelta(days=1)

bounds = [0, 30, 60, 120, 300, 600, 1200, math.inf]
json.dump(
    {
        "leads": leads,
        "attempts": attempts,
        "attemptsPerLead": attempts / leads if leads else 0,
        "statuses": sorted(
            [{"status": s, "attempts": n, "share": n / attempts} for s, n in statuses.items()],
            key=lambda x: (-x["attempts"], x["status"]),
        ),
        "answered": {
            "attempts": answered,
            "rate": answered / attempts if attempts else None,
            "leads": answered_leads,
            "leadRate": answered_leads / leads if leads else None,
        },
        "waitTime": stats(waits),
        "talkTime": stats(talks),
        "talkTimeBuckets": [
            sum(1 for t in talks if bounds[i] <= t < bounds[i + 1]) for i in range(len(bounds) - 1)
        ],
        "perDay": per_day,
        "perHour": [
            {"hour": h, "attempts": n, "answered": a, "rate": a / n if n else None}
            for h, (n, a) in enumerate(hours)
        ],
        "keyPresses": sorted(
            [{"key": k, "attempts": n} for k, n in keys.items()],
            key=lambda x: (-x["attempts"], x["key"]),
        ),
        "undated": undated,
        "outside": {"attempts": len(outside), "samples": outside[:20]},
        "over": {"numbers": len(over), "calls": sum(n for _, n in over), "samples": over[:20]},
        "suppressed": {
            "attempts": len(suppressed),
            "numbers": len({s[1] for s in suppressed}),
            "samples": suppressed[:20],
        },
        "violations": len(outside) + len(over) + len(suppressed),
        "calls": {p: [t.strftime("%Y-%m-%d %H:%M:%S") for t in ts] for p, ts in calls.items()},
    },
    sys.stdout,
)
