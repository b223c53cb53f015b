#!/usr/bin/python3
"""The HTML report of `menger prove --html`, loaded in headless Chromium (issue 23).

Usage: html_report_test.py MENGER PROOFS_DIR WORK_DIR

Runs `menger prove` on a few catalog claims and two small claims written here
(a route-tolerance counterexample and an estimate with a plot), then checks in a
real browser, against the JSON report of the same run:
  - every claim and every instance is in the index, and the summary counts
    equal the JSON's;
  - the filters work: by paper, by verdict, "only those that differ", by text,
    and from the address's #fragment;
  - every claim page has one section per instance, every image on it loads,
    and no page refers to anything outside the report folder;
  - a counterexample's page shows its witness picture with the faulty elements
    marked, and a deadlock's page lists its packets in a table.
Screenshots are saved in WORK_DIR/screenshots for a person to look at.
"""
import json
import pathlib
import shutil
import subprocess
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

CATALOG = [
    "002/average-distance.toml",            # structure, FAILS with mismatches
    "002/switch-and-link-fault-tolerance.toml",  # tolerance, certificates
    "003/direction-order-deadlock.toml",    # deadlock, a deadlocked configuration
    "003/fir-registers.toml",               # same-routing, where two routings part
]

OWN = {
    "own/dor-route-tolerance.toml": """
title = "Dimension order does not route around a faulty node"
statement = "Dimension-order routing on a torus tolerates no faulty node."
[source]
paper = "own"
where = "browser test"
[property]
kind = "route-tolerance"
routing = "dor"
faults = "nodes"
tolerates_at_least = 1
excuse_disconnected = true
[[instance]]
model = "torus(4,4)"
expect = "fails"
""",
    "own/estimate-plot.toml": """
title = "Shortest-path routing success under node faults"
statement = "With two faulty nodes, shortest-path routing delivers at least half the packets."
[source]
paper = "own"
where = "browser test"
quote = "a quote <with> markup & 'quotes' that must be escaped"
[property]
kind = "estimate"
experiment = "routing"
faults = "nodes"
routings = ["shortest"]
trials = 200
seed = 1
counts = "0..2"
statistic = "shortest success"
at_least = "0.5"
at_faults = 2
plot = "own-shortest"
[[instance]]
model = "torus(4,4)"
expect = "estimate"
""",
}


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def run_prove(menger, proofs, work):
    claims = work / "claims"
    shutil.rmtree(work, ignore_errors=True)
    for rel in CATALOG:
        (claims / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(proofs / rel, claims / rel)
    for rel, text in OWN.items():
        (claims / rel).parent.mkdir(parents=True, exist_ok=True)
        (claims / rel).write_text(text)
    # Catalog claims may name files beside them (opensm dumps); these do not.
    result = subprocess.run([menger, "prove", str(claims), "--html", str(work / "html"), "--json",
                             str(work / "report.json"), "--artifacts", str(work / "artifacts")],
                            capture_output=True, text=True)
    check(result.returncode == 0, "menger prove exited %d:\n%s\n%s" % (result.returncode, result.stdout, result.stderr))
    return json.loads((work / "report.json").read_text())


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000",
                "--disable-dev-shm-usage"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def visible_rows(driver):
    return [r for r in driver.find_elements(By.CSS_SELECTOR, "#verdicts tbody tr.instance-row") if r.is_displayed()]


def check_index(driver, html, report, shots):
    driver.get((html / "index.html").as_uri())
    rows = driver.find_elements(By.CSS_SELECTOR, "#verdicts tbody tr.instance-row")
    instances = [(c, i) for c in report["claims"] for i in c["instances"]]
    check(len(rows) == len(instances), "index has %d rows, the JSON %d instances" % (len(rows), len(instances)))
    text = driver.find_element(By.ID, "verdicts").text
    for c in report["claims"]:
        check(c["id"] in text, "claim %s is not in the index" % c["id"])
    summary = report["summary"]
    for key, field in (("claims", "claims"), ("instances", "instances"), ("as-expected", "as_expected")):
        shown = int(driver.find_element(By.ID, "count-" + key).text)
        check(shown == summary[field], "count-%s is %d, the JSON says %d" % (key, shown, summary[field]))
    for verdict in ("HOLDS", "FAILS", "ESTIMATE", "UNKNOWN", "ERROR"):
        want = sum(1 for _, i in instances if i["verdict"] == verdict)
        shown = int(driver.find_element(By.ID, "count-" + verdict).text)
        check(shown == want, "count-%s is %d, the JSON has %d" % (verdict, shown, want))
    driver.save_screenshot(str(shots / "index.png"))

    Select(driver.find_element(By.ID, "f-verdict")).select_by_visible_text("FAILS")
    want = sum(1 for _, i in instances if i["verdict"] == "FAILS")
    check(want > 0 and len(visible_rows(driver)) == want, "the FAILS filter shows %d rows, want %d" % (len(visible_rows(driver)), want))
    check(driver.find_element(By.ID, "shown").text == str(want), "the shown counter disagrees with the FAILS rows")
    # Instances sit under their claim's heading, which shows while one of them does.
    heads = driver.find_elements(By.CSS_SELECTOR, "#verdicts tr.claim")
    check(len(heads) == len(report["claims"]), "index has %d claim headings for %d claims" % (len(heads), len(report["claims"])))
    for head in heads:
        group = head.find_element(By.XPATH, "./..")
        shown = any(r.is_displayed() for r in group.find_elements(By.CSS_SELECTOR, "tr.instance-row"))
        check(head.is_displayed() == shown, "claim heading %r shown=%s while its rows shown=%s"
              % (head.text[:40], head.is_displayed(), shown))
    driver.save_screenshot(str(shots / "index-fails.png"))
    Select(driver.find_element(By.ID, "f-verdict")).select_by_visible_text("all")

    Select(driver.find_element(By.ID, "f-paper")).select_by_visible_text("003")
    want = sum(1 for c, _ in instances if c["source"]["paper"] == "003")
    check(want > 0 and len(visible_rows(driver)) == want, "the paper filter shows %d rows, want %d" % (len(visible_rows(driver)), want))
    Select(driver.find_element(By.ID, "f-paper")).select_by_visible_text("all")

    driver.find_element(By.ID, "f-differs").click()
    want = sum(1 for _, i in instances if not i["as_expected"])
    check(len(visible_rows(driver)) == want, "the 'differ' filter shows %d rows, want %d" % (len(visible_rows(driver)), want))
    driver.find_element(By.ID, "f-differs").click()

    driver.find_element(By.ID, "f-text").send_keys("torus(8,8,8)")
    want = sum(1 for _, i in instances if "torus(8,8,8)" in i["model"])
    check(want > 0 and len(visible_rows(driver)) == want, "the text filter shows %d rows, want %d" % (len(visible_rows(driver)), want))

    # A filtered view can be shared: the state is read back from the address.
    driver.get((html / "index.html").as_uri() + "#paper=002&verdict=FAILS")
    want = sum(1 for c, i in instances if c["source"]["paper"] == "002" and i["verdict"] == "FAILS")
    check(want > 0 and len(visible_rows(driver)) == want, "#paper=002&verdict=FAILS shows %d rows, want %d" % (len(visible_rows(driver)), want))


def local_only(driver, page):
    for element, attr in (("img", "src"), ("a", "href"), ("script", "src"), ("link", "href")):
        for e in driver.find_elements(By.TAG_NAME, element):
            value = e.get_attribute(attr)
            if value and not value.startswith("file://"):
                fail("%s: <%s %s=%s> leaves the report folder" % (page, element, attr, value))


def check_claim_pages(driver, html, report, shots):
    pictures = 0
    for c in report["claims"]:
        pages = sorted((html / "claims").glob("*.html"))
        page = next((p for p in pages if c["id"].replace("/", "-") + ".html" == p.name), None)
        check(page is not None, "no page for claim %s" % c["id"])
        driver.get(page.as_uri())
        sections = driver.find_elements(By.CSS_SELECTOR, "section.instance")
        check(len(sections) == len(c["instances"]), "%s: %d sections, %d instances" % (page.name, len(sections), len(c["instances"])))
        check(c["title"] in driver.find_element(By.TAG_NAME, "h1").text, "%s: the title is not in the heading" % page.name)
        for img in driver.find_elements(By.TAG_NAME, "img"):
            loaded = driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", img)
            check(loaded, "%s: image %s does not load" % (page.name, img.get_attribute("src")))
        local_only(driver, page.name)
        for n, inst in enumerate(c["instances"]):
            drawable = inst["verdict"] == "FAILS" and c["kind"] in ("route-tolerance", "deadlock-free", "same-routing")
            imgs = sections[n].find_elements(By.CSS_SELECTOR, "img[src*='witness/']")
            if drawable:
                check(len(imgs) == 1, "%s instance %d: no witness picture" % (page.name, n))
                pictures += 1
            if inst["verdict"] == "FAILS" and c["kind"] == "deadlock-free":
                # Issue 42: the packets in the page's text, one row each, as the witness names them.
                rows = sections[n].find_elements(By.CSS_SELECTOR, "table.packets tbody tr")
                packets = inst["witness"]["packets"]
                check(len(rows) == len(packets), "%s instance %d: %d packet rows for %d packets"
                      % (page.name, n, len(rows), len(packets)))
                for row, p in zip(rows, packets):
                    check(row.text.startswith("%s \u2192 %s" % (p["source"], p["destination"])),
                          "%s instance %d: row %r is not packet %s -> %s" % (page.name, n, row.text, p["source"],
                                                                             p["destination"]))
        if c["id"] == "own/dor-route-tolerance":
            svg = (html / "witness" / "own-dor-route-tolerance-0.svg").read_text()
            faults = inst_faults(report, c)
            check(svg.count("#d62728") >= len(faults) > 0, "the route witness's faulty nodes are not all marked red")
            driver.save_screenshot(str(shots / "claim-route-witness.png"))
        if c["id"] == "own/estimate-plot":
            check(len(driver.find_elements(By.CSS_SELECTOR, "img[src*='plots/own-shortest.svg']")) == 1, "the plot is missing")
            check("<with> markup & 'quotes'" in driver.find_element(By.TAG_NAME, "blockquote").text, "the quote is not escaped")
            driver.save_screenshot(str(shots / "claim-estimate.png"))
        if c["id"] == "003/direction-order-deadlock":
            driver.save_screenshot(str(shots / "claim-deadlock.png"))
    check(pictures >= 3, "only %d witness pictures" % pictures)


def inst_faults(report, claim):
    return [f for i in claim["instances"] if i["verdict"] == "FAILS" for f in i["witness"]["fault_set"]]


def main():
    menger, proofs, work = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    report = run_prove(menger, proofs, work)
    html, shots = work / "html", work / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    driver = browser()
    try:
        check_index(driver, html, report, shots)
        check_claim_pages(driver, html, report, shots)
    finally:
        driver.quit()
    print("ok: %d claims, %d instances checked in Chromium; screenshots in %s" %
          (report["summary"]["claims"], report["summary"]["instances"], shots))


if __name__ == "__main__":
    main()
