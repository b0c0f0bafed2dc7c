// Scoring a hand: photos, cards as chips, every fix saved at once and the score updated.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const T = JSON.parse($("texts").textContent);
  const t = (key, values) => (T[key] || key).replace(/\{(\w+)\}/g, (_m, k) => values[k]);
  const cfg = window.BURRACO;
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  const SUIT = {S: "♠", H: "♥", D: "♦", C: "♣"};
  const KIND = {pulito: t("pulito"), semipulito: t("semipulito"), sporco: t("sporco"),
                sequence: t("sequence"), group: t("group")};
  let view = JSON.parse($("view").textContent);
  let state = view.state;
  let selected = null;            // {team, where: meld index or "hand", index}
  let saving = false, dirty = false;

  // ---- cards ------------------------------------------------------------------------------
  function label(text) {
    if (text === "JK") return "🃏";
    return text.slice(0, -1) + SUIT[text.slice(-1)];
  }
  function chipText(c) { return label(c.card) + (c.as ? "→" + label(c.as) : ""); }
  function suitClass(text) { return text === "JK" ? "s-J" : "s-" + text.slice(-1); }
  function listOf(sel) { return sel.where === "hand" ? state.teams[sel.team].hand : state.teams[sel.team].melds[sel.where]; }
  function cardAt(sel) { return listOf(sel)[sel.index]; }
  function doubtful(c) { return c.conf !== undefined && c.conf < 0.75; }
  function suggestions(c) {
    return (c.alts || []).filter(([name, p]) => name !== c.card && name !== "none" && p >= 0.05).slice(0, 2);
  }

  function chip(c, team, where, index) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "chip " + suitClass(c.card) + (doubtful(c) ? " doubt" : "");
    b.textContent = chipText(c);
    b.dataset.card = c.card;
    b.id = `card-${team}-${where}-${index}`;
    if (selected && selected.team === team && selected.where === where && selected.index === index) b.classList.add("selected");
    if (cfg.editor) b.addEventListener("click", () => select({team, where, index}));
    return b;
  }

  // ---- rendering --------------------------------------------------------------------------
  function render() {
    const score = view.score || {};
    view.teams.forEach((name, ti) => {
      document.querySelectorAll(`#team-${ti} .team-name, .team-name[data-team="${ti}"]`).forEach(e => { e.textContent = name; });
      const team = state.teams[ti];
      const st = (score.teams || [])[ti];
      const melds = $(`melds-${ti}`);
      melds.replaceChildren();
      team.melds.forEach((meld, mi) => {
        const row = document.createElement("div");
        const reading = st && st.melds[mi];
        row.className = "meld" + (reading && !reading.valid ? " invalid" : "");
        row.id = `meld-${ti}-${mi}`;
        const chips = document.createElement("div");
        chips.className = "chips";
        meld.forEach((c, ci) => chips.appendChild(chip(c, ti, mi, ci)));
        if (cfg.editor) {
          const add = document.createElement("button");
          add.type = "button"; add.className = "chip add"; add.textContent = "+";
          add.setAttribute("aria-label", t("Add a card"));
          add.addEventListener("click", () => openPicker({mode: "add", team: ti, where: mi}));
          chips.appendChild(add);
        }
        row.appendChild(chips);
        const info = document.createElement("div");
        info.className = "info";
        if (reading) {
          const badge = reading.burraco ? `<span class="badge ${reading.burraco}">${t("burraco")} ${KIND[reading.burraco]}</span>` : "";
          const kind = reading.valid ? KIND[reading.kind] : `<span class="bad">${t("not valid")}</span>`;
          info.innerHTML = `${badge} <span class="kind">${kind}</span> <span class="pts">${reading.points + reading.bonus} ${t("pts")}</span>`;
        }
        if (cfg.editor && mi + 1 < team.melds.length) {
          const merge = document.createElement("button");
          merge.type = "button"; merge.className = "link"; merge.textContent = t("Merge with the next");
          merge.id = `merge-${ti}-${mi}`;
          merge.addEventListener("click", () => { team.melds.splice(mi, 2, team.melds[mi].concat(team.melds[mi + 1])); changed(); });
          info.appendChild(merge);
        }
        row.appendChild(info);
        melds.appendChild(row);
      });
      const hand = $(`hand-${ti}`);
      hand.replaceChildren();
      if (!team.no_cards) team.hand.forEach((c, ci) => hand.appendChild(chip(c, ti, "hand", ci)));
      hand.classList.toggle("none", team.no_cards);
      $(`no-cards-${ti}`).checked = team.no_cards;
      $(`pozzetto-${ti}`).value = String(team.pozzetto);
      renderScore(ti, st);
      renderPhotos(ti);
    });
    document.querySelectorAll('input[name="closed"]').forEach(r => { r.checked = String(state.closed ?? "") === r.value; });
    if ($("solo")) $("solo").value = state.solo;
    const all = $("problems-all");
    all.replaceChildren();
    if (score.problem) addProblem(all, "error", score.problem);
    (score.errors || []).forEach(e => addProblem(all, "error", e));
    (state.flags || []).forEach(f => addProblem(all, "warn", f.message || f.text || JSON.stringify(f)));
    const hasErrors = score.problem || (score.errors || []).length || (score.teams || []).some(s => s.errors.length);
    if ($("force-box")) $("force-box").hidden = !hasErrors;
    if ($("version")) $("version").value = view.version;
    renderActions();
  }

  function addProblem(list, kind, text) {
    const li = document.createElement("li");
    li.className = kind;
    li.textContent = text;
    list.appendChild(li);
  }

  function renderScore(ti, st) {
    const dl = $(`breakdown-${ti}`), problems = $(`problems-${ti}`);
    dl.replaceChildren(); problems.replaceChildren();
    $(`total-${ti}`).textContent = st ? st.total : "";
    if (!st) return;
    [["melds", t("Melds"), st.meld_points], ["bonus", t("Burraco bonus"), st.burraco_bonus],
     ["hand", t("Cards in hand"), st.hand_points], ["closing", t("Closing"), st.closing_bonus],
     ["pozzetto", t("Pozzetto"), st.pozzetto_penalty], ["total", t("Total"), st.total]].forEach(([part, k, v]) => {
      const dt = document.createElement("dt"); dt.textContent = k;
      const dd = document.createElement("dd"); dd.textContent = v;
      dd.dataset.part = part;
      dl.append(dt, dd);
    });
    st.errors.forEach(e => addProblem(problems, "error", e));
    st.warnings.forEach(w => addProblem(problems, "warn", w));
    state.teams[ti].melds.flat().concat(state.teams[ti].hand).filter(doubtful).forEach(c => {
      addProblem(problems, "warn", t("Check {card}: the photo is not clear", {card: label(c.card)}));
    });
  }

  function findBySrc(ti, src) {
    const team = state.teams[ti];
    for (let mi = 0; mi < team.melds.length; mi++) {
      const ci = team.melds[mi].findIndex(c => c.src && c.src[0] === src[0] && c.src[1] === src[1]);
      if (ci >= 0) return {team: ti, where: mi, index: ci};
    }
    const hi = team.hand.findIndex(c => c.src && c.src[0] === src[0] && c.src[1] === src[1]);
    return hi >= 0 ? {team: ti, where: "hand", index: hi} : null;
  }

  function renderPhotos(ti) {
    const box = $(`photos-${ti}`);
    box.replaceChildren();
    view.photos.filter(p => p.team === ti).forEach(p => {
      const fig = document.createElement("figure");
      fig.className = "photo";
      fig.id = `photo-${p.id}`;
      const img = document.createElement("img");
      img.src = p.url; img.alt = t("Photo"); img.loading = "lazy";
      fig.appendChild(img);
      const {width, height} = p.reading.image;
      p.reading.cards.forEach((card, i) => {
        const where = findBySrc(ti, [p.id, i]);
        const now = where ? cardAt(where) : null;
        card.corners.forEach(k => {
          const corner = p.reading.corners[k];
          if (!corner) return;
          const [x1, y1, x2, y2] = corner.box;
          const b = document.createElement("button");
          b.type = "button";
          b.className = "box" + (now ? "" : " gone") + (now && doubtful(now) ? " doubt" : "")
            + (now && now.card !== card.card ? " fixed" : "");
          Object.assign(b.style, {left: (100 * x1 / width) + "%", top: (100 * y1 / height) + "%",
            width: (100 * (x2 - x1) / width) + "%", height: (100 * (y2 - y1) / height) + "%"});
          b.textContent = now ? label(now.card) : "✕";
          if (where && cfg.editor) b.addEventListener("click", () => select(where));
          fig.appendChild(b);
        });
      });
      // where the reader saw a card's corner but could not read it: a card may be missing
      (p.reading.flags || []).filter(f => f.kind === "unread_corner").forEach(f => (f.boxes || []).forEach(([x1, y1, x2, y2]) => {
        const u = document.createElement("span");
        u.className = "box unread";
        u.title = f.message || "";
        Object.assign(u.style, {left: (100 * x1 / width) + "%", top: (100 * y1 / height) + "%",
          width: (100 * (x2 - x1) / width) + "%", height: (100 * (y2 - y1) / height) + "%"});
        u.textContent = "?";
        fig.appendChild(u);
      }));
      box.appendChild(fig);
    });
  }

  // ---- selection and its actions ----------------------------------------------------------
  function select(sel) { selected = sel; render(); }

  function renderActions() {
    const sheet = $("actions");
    if (!sheet) return;
    if (!selected || !cardAt(selected)) { sheet.hidden = true; selected = null; return; }
    const c = cardAt(selected);
    sheet.hidden = false;
    $("actions-title").textContent = chipText(c) + " · " + (selected.where === "hand"
      ? t("hand") : t("meld {n}", {n: selected.where + 1})) + " · " + view.teams[selected.team];
    $("act-split").hidden = selected.where === "hand" || selected.index === 0;
    $("act-role").hidden = !(c.card === "JK" || c.card[0] === "2") || selected.where === "hand";
    const move = $("act-move");
    const key = JSON.stringify([selected.team, selected.where, selected.index, state.teams[selected.team].melds.length]);
    if (move.dataset.key !== key) {        // a redraw while the list is open must not close it
      move.dataset.key = key;
      move.replaceChildren(new Option("—", ""));
      state.teams[selected.team].melds.forEach((_m, mi) => {
        if (mi !== selected.where) move.appendChild(new Option(t("meld {n}", {n: mi + 1}), String(mi)));
      });
      move.appendChild(new Option(t("a new meld"), "new"));
      if (selected.where !== "hand") move.appendChild(new Option(t("hand"), "hand"));
    }
    const sug = $("act-suggest");
    sug.replaceChildren();
    suggestions(c).forEach(([name, p]) => {
      const b = document.createElement("button");
      b.type = "button"; b.className = "primary suggestion";
      b.textContent = t("Use {card}", {card: label(name)}) + ` (${Math.round(p * 100)}%)`;
      b.addEventListener("click", () => { setCard(selected, name); });
      sug.appendChild(b);
    });
    if (c.conf !== undefined && c.conf < 1) {
      const keep = document.createElement("button");
      keep.type = "button"; keep.textContent = t("It is right");
      keep.addEventListener("click", () => { c.conf = 1; c.alts = []; selected = null; changed(); });
      sug.appendChild(keep);
    }
  }

  function remove(sel) {
    const list = listOf(sel);
    const [card] = list.splice(sel.index, 1);
    if (sel.where !== "hand" && list.length === 0) state.teams[sel.team].melds.splice(sel.where, 1);
    return card;
  }

  function setCard(sel, name) {
    const c = cardAt(sel);
    c.card = name; c.conf = 1; c.alts = [];
    if (!(name === "JK" || name[0] === "2")) delete c.as;
    selected = null;
    changed();
  }

  function wire() {
    if (!cfg.editor) return;
    $("act-close").addEventListener("click", () => { selected = null; render(); });
    $("act-delete").addEventListener("click", () => { remove(selected); selected = null; changed(); });
    $("act-change").addEventListener("click", () => openPicker({mode: "change", sel: selected}));
    $("act-role").addEventListener("click", () => openPicker({mode: "role", sel: selected}));
    $("act-split").addEventListener("click", () => {
      const melds = state.teams[selected.team].melds, meld = melds[selected.where];
      melds.splice(selected.where + 1, 0, meld.splice(selected.index));
      selected = null; changed();
    });
    $("act-move").addEventListener("change", (e) => {
      const to = e.target.value;
      e.target.value = "";
      e.target.dataset.key = "";
      if (!to) return;
      const team = state.teams[selected.team];
      const from = selected.where;
      const card = cardAt(selected);
      listOf(selected).splice(selected.index, 1);
      if (to === "hand") { team.hand.push(card); team.no_cards = false; }
      else if (to === "new") team.melds.push([card]);
      else team.melds[Number(to)].push(card);
      if (from !== "hand" && team.melds[from].length === 0) team.melds.splice(from, 1);
      selected = null; changed();
    });
    document.querySelectorAll(".add-meld").forEach(b => b.addEventListener("click",
      () => openPicker({mode: "add", team: Number(b.dataset.team), where: "new"})));
    document.querySelectorAll(".add-hand").forEach(b => b.addEventListener("click",
      () => openPicker({mode: "add", team: Number(b.dataset.team), where: "hand"})));
    document.querySelectorAll(".no-cards").forEach(b => b.addEventListener("change", () => {
      state.teams[Number(b.dataset.team)].no_cards = b.checked; changed();
    }));
    document.querySelectorAll(".pozzetto").forEach(s => s.addEventListener("change", () => {
      state.teams[Number(s.dataset.team)].pozzetto = s.value === "late" ? "late" : s.value === "true"; changed();
    }));
    document.querySelectorAll('input[name="closed"]').forEach(r => r.addEventListener("change", () => {
      state.closed = r.value === "" ? null : Number(r.value); changed();
    }));
    if ($("solo")) $("solo").addEventListener("change", (e) => { state.solo = e.target.value; changed(); });
    document.querySelectorAll(".shot").forEach(input => input.addEventListener("change", () => {
      if (input.files.length) upload(input.files[0], Number(input.dataset.team), input.dataset.kind).finally(() => { input.value = ""; });
    }));
    $("confirm-form").addEventListener("submit", (e) => {
      if (saving || dirty) { e.preventDefault(); showMessage(t("Saving the last change: try again in a moment.")); }
    });
    wirePicker();
  }

  // ---- the rank x suit picker -------------------------------------------------------------
  let picking = null, suit = "S";
  function openPicker(what) {
    picking = what;
    const title = {add: t("Tap the cards to add"), change: t("Choose the right card"), role: t("What does the wild stand for?")}[what.mode];
    $("picker-title").textContent = title;
    $("rank-JK").hidden = what.mode === "role";
    $("picked").replaceChildren();
    chooseSuit(suit);
    const d = $("picker");
    if (d.showModal) d.showModal(); else d.setAttribute("open", "");
  }
  function closePicker() {
    const d = $("picker");
    if (d.close) d.close(); else d.removeAttribute("open");
    picking = null;
  }
  function chooseSuit(s) {
    suit = s;
    document.querySelectorAll("#picker .suit").forEach(b => b.classList.toggle("on", b.dataset.suit === s));
  }
  function wirePicker() {
    document.querySelectorAll("#picker .suit").forEach(b => b.addEventListener("click", () => chooseSuit(b.dataset.suit)));
    document.querySelectorAll("#picker [data-rank]").forEach(b => b.addEventListener("click", () => pick(b.dataset.rank)));
    $("picker-done").addEventListener("click", closePicker);
  }
  function pick(rank) {
    const name = rank === "JK" ? "JK" : rank + suit;
    const p = picking;
    if (!p) return;
    if (p.mode === "change") { closePicker(); setCard(p.sel, name); return; }
    if (p.mode === "role") { closePicker(); cardAt(p.sel).as = name; changed(); return; }
    const team = state.teams[p.team];
    if (p.where === "hand") { team.hand.push({card: name}); team.no_cards = false; }
    else if (p.where === "new") { team.melds.push([{card: name}]); p.where = team.melds.length - 1; }
    else team.melds[p.where].push({card: name});
    const c = document.createElement("span");
    c.className = "chip " + suitClass(name); c.textContent = label(name);
    $("picked").appendChild(c);
    changed();
  }

  // ---- saving -----------------------------------------------------------------------------
  function showMessage(text) {
    const m = $("message");
    m.textContent = text || ""; m.hidden = !text;
  }
  function changed() { render(); save(); }

  function busy(on) { document.body.dataset.saving = on ? "1" : ""; }
  async function save() {
    if (saving) { dirty = true; return; }
    saving = true; dirty = false; busy(true);
    try {
      const resp = await fetch(cfg.stateUrl, {method: "PUT", credentials: "same-origin",
        headers: {"Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrf},
        body: JSON.stringify({version: view.version, state})});
      const data = await resp.json().catch(() => ({error: t("The server did not answer: check the connection.")}));
      if (resp.ok) {
        view = data;
        if (!dirty) state = view.state; else view.state = state;
        showMessage("");
      } else if (resp.status === 409 && data.saved) {
        window.location = data.saved;
        return;
      } else if (resp.status === 409 && data.state) {
        view = data; state = view.state; dirty = false; showMessage(data.error);
      } else {
        showMessage(data.error || t("The change was not saved."));
      }
    } catch (err) {
      showMessage(t("The server did not answer: check the connection."));
    } finally {
      saving = false;
      render();
      if (dirty) save(); else busy(false);
    }
  }

  // ---- photos: shrunk in the browser, sent with progress, read on the server ---------------
  // a 12 MP photo goes as it is (the reader is measured on those, 0.3-0.4 s): its corner indices
  // keep every pixel, and the smallest of them are what the reader misreads most; a 48 MP photo
  // is brought down to 12 MP
  const LONG_SIDE = 4032;
  const MAX_SEND = 12 * 1024 * 1024;
  async function shrink(file) {
    try {
      const bitmap = await createImageBitmap(file, {imageOrientation: "from-image"});
      const scale = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
      // small enough already: sent as taken, not encoded again (the server turns it by its EXIF)
      if (scale === 1 && file.size <= MAX_SEND) return file;
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(bitmap.width * scale); canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise(ok => canvas.toBlob(ok, "image/jpeg", 0.88));
      return blob || file;
    } catch (err) {
      return file;                 // the browser cannot open it (HEIC, not an image): the server says what it is
    }
  }

  async function upload(file, team, kind) {
    const bar = $(`progress-${team}`);
    const progress = bar.querySelector("progress"), text = bar.querySelector("span");
    bar.hidden = false; progress.value = 0; text.textContent = t("Preparing the photo…");
    const blob = await shrink(file);
    const form = new FormData();
    form.append("team", team); form.append("kind", kind);
    form.append("photo", blob, file.name || "photo.jpg");
    return new Promise((done) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", cfg.photoUrl);
      xhr.setRequestHeader("X-CSRFToken", csrf);
      xhr.setRequestHeader("Accept", "application/json");
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) { progress.value = 100 * e.loaded / e.total; text.textContent = t("Sending…"); }
      };
      xhr.upload.onload = () => { progress.removeAttribute("value"); text.textContent = t("Reading the cards…"); };
      xhr.onload = () => {
        let data = {};
        try { data = JSON.parse(xhr.responseText); } catch (err) { data = {error: t("The photo was not read.")}; }
        bar.hidden = true;
        if (xhr.status === 200) { view = data; state = view.state; showMessage(""); render(); }
        else showMessage(data.error || t("The photo was not read."));
        done();
      };
      xhr.onerror = () => { bar.hidden = true; showMessage(t("The server did not answer: check the connection.")); done(); };
      xhr.send(form);
    });
  }

  wire();
  render();
})();
