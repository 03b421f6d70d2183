"""An independent reference for `cacs report --join`: the outcome columns of each lead-file row,
computed from the raw records (as the test served them) with the matching rules of DESIGN.md,
written here from scratch (no cacs code). Reads JSON on stdin:
  {"records": [...raw records...], "rows": [{"phone": str, "ref": str}], "from": str, "to": str,
   "answered": [str]}
and prints a JSON list of [call_status, call_attempts, first, last, talk, answered, lead_id].
"""
import json
import re
import sys

LEGACY = {"0162": "032", "0163": "033", "0164": "034", "0165": "035", "0166": "036",
          "0167": "037", "0168": "038", "0169": "039", "0120": "070", "0121": "079",
          "0122": "077", "0126": "076", "0128": "078", "0123": "083", "0124": "084",
          "0125": "085", "0127": "081", "0129": "082", "0186": "056", "0188": "058",
          "0199": "059"}


def norm(phone):
    d = re.sub(r"[\s.\-()]", "", phone or "")
    if d.startswith("+84"):
        d = "0" + d[3:]
    elif d.startswith("0084"):
        d = "0" + d[4:]
    elif d.startswith("84") and len(d) in (11, 12):
        d = "0" + d[2:]
    if len(d) in (9, 10) and not d.startswith("0"):
        d = "0" + d
    if len(d) == 11 and d[:4] in LEGACY:
        d = LEGACY[d[:4]] + d[4:]
    return d


def main():
    q = json.load(sys.stdin)
    answered = set(q["answered"])
    # A ref_id rows of different phones hold names nobody in particular: matched with the phone.
    phones_of_ref = {}
    for row in q["rows"]:
        rr = (row["ref"] or "").strip()
        # Only numbers count: a row without one (empty, "abc") is the same customer's, typed so.
        if rr and re.fullmatch(r"\d{9,12}", norm(row["phone"])):
            phones_of_ref.setdefault(rr, set()).add(norm(row["phone"]))
    out = []
    for row in q["rows"]:
        rp, rr = norm(row["phone"]), (row["ref"] or "").strip()
        shared = rr != "" and len(phones_of_ref.get(rr, ())) > 1
        attempts = []
        for rec in q["records"]:
            ref = (rec["ref_id"] or "").strip()
            if rr and ref and shared:
                match = rr == ref and rp != "" and norm(rec["phone_number"]) == rp
            elif rr and ref:
                match = rr == ref
            else:
                match = rp != "" and norm(rec["phone_number"]) == rp
            if not match:
                continue
            for a in rec["attempts"]:
                if q["from"] <= a["date_time"] <= q["to"]:
                    attempts.append((a["date_time"], a["status"], a["talk_time"], rec["campaign_lead_id"]))
        if not attempts:
            out.append(["NOT_CALLED", 0, None, None, 0, "no", None])
            continue
        attempts.sort(key=lambda a: a[0])
        last = attempts[-1]
        out.append([last[1], len(attempts), attempts[0][0], last[0], sum(a[2] for a in attempts),
                    "yes" if any(a[1] in answered for a in attempts) else "no", str(last[3])])
    json.dump(out, sys.stdout)


main()
