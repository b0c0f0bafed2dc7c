// New game: show the chosen profile's values; changing any makes a custom profile.
(function () {
  const values = JSON.parse(document.getElementById("profile-values").textContent);
  const texts = JSON.parse(document.getElementById("texts").textContent);
  const select = document.getElementById("profile");
  function show() {
    const v = values[select.value];
    if (!v) return;
    for (const [key, value] of Object.entries(v)) {
      const input = document.getElementById(key);
      if (!input) continue;
      if (input.type === "checkbox") input.checked = value; else input.value = value === null ? "" : value;
    }
    document.getElementById("values_for").value = select.value;
    document.getElementById("profile-description").textContent = v.description;
    document.getElementById("end-default").textContent = texts["as the rules say"] + " (" + v.end + ")";
  }
  select.addEventListener("change", show);
  function partners() {
    const filled = [1, 2, 3, 4].filter(i => document.getElementById("player" + i).value.trim()).length;
    document.getElementById("partners").hidden = filled !== 4;
  }
  for (let i = 1; i <= 4; i++) document.getElementById("player" + i).addEventListener("input", partners);
  partners();
})();
