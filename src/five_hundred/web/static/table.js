// The browser table of `five-hundred serve`: plain JavaScript, no build step.
// The server referees everything: this page shows each view it is sent and
// sends back the actions the player picks from the view's legal actions.
"use strict";

const SUITS = {
  S: { symbol: "♠", name: "spades", colour: "black" },
  C: { symbol: "♣", name: "clubs", colour: "black" },
  D: { symbol: "♦", name: "diamonds", colour: "red" },
  H: { symbol: "♥", name: "hearts", colour: "red" },
};
const RANK_NAMES = {
  A: "ace", K: "king", Q: "queen", J: "jack", 10: "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};
const RANK_ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
const SUIT_ROW = ["S", "H", "C", "D"]; // alternating colours in the hand
const STRAINS = ["S", "C", "D", "H", "NT"];
const SAME_COLOUR = { S: "C", C: "S", D: "H", H: "D" };
const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) {
      node.append(child instanceof Node ? child : document.createTextNode(child));
    }
  }
  return node;
}

// -- cards and bids in notation ---------------------------------------------------

function cardParts(text) {
  if (text === "JK") return { rank: "JK", suit: null };
  return { rank: text.slice(0, -1), suit: text.slice(-1) };
}

function cardName(text) {
  const { rank, suit } = cardParts(text);
  if (rank === "JK") return "the Joker";
  return `${RANK_NAMES[rank] || rank} of ${SUITS[suit].name}`;
}

function cardFace(text, attrs = {}) {
  const { rank, suit } = cardParts(text);
  const isJoker = rank === "JK";
  const cls = `card ${isJoker ? "joker" : SUITS[suit].colour}` + (attrs.class ? ` ${attrs.class}` : "");
  const face = isJoker ? [el("span", { class: "rank" }, "Jo"), el("span", { class: "pip" }, "★")]
    : [el("span", { class: "rank" }, rank), el("span", { class: "pip" }, SUITS[suit].symbol)];
  return el(attrs.tag || "span", { ...attrs, tag: null, class: cls, "aria-label": attrs["aria-label"] || cardName(text), title: cardName(text) }, ...face);
}

function bidText(bid) {
  if (bid === "PASS") return "Pass";
  if (bid === "MIS") return "Misère";
  if (bid === "OMIS") return "Open misère";
  if (bid === "BMIS") return "Blind misère";
  const match = /^(\d+)(S|C|D|H|NT)(-SK)?$/.exec(bid);
  if (!match) return bid;
  const strain = match[2] === "NT" ? "NT" : SUITS[match[2]].symbol;
  return `${match[1]}${strain}${match[3] ? " sans kitty" : ""}`;
}

function bidLabel(bid) {
  const match = /^(\d+)(S|C|D|H|NT)(-SK)?$/.exec(bid);
  if (!match) return bidText(bid);
  const strain = match[2] === "NT" ? "no trumps" : SUITS[match[2]].name;
  return `${match[1]} ${strain}${match[3] ? " sans kitty" : ""}`;
}

function trumpOf(view) {
  if (!view.contract) return null;
  const match = /^\d+(S|C|D|H|NT)/.exec(view.contract.bid);
  return match && match[1] !== "NT" ? match[1] : null;
}

function handOrdinal(view) {
  return view.hand_ordinal;
}

// The hand in the order a player holds it: the Joker and the bowers with the
// trumps, trumps first, then the other suits alternating in colour, high to low.
function sortHand(cards, view) {
  const trump = trumpOf(view);
  const suitOf = (card) => {
    const { rank, suit } = cardParts(card);
    if (rank === "JK") return trump || "JK";
    if (trump && rank === "J" && suit === SAME_COLOUR[trump]) return trump;
    return suit;
  };
  const order = trump ? [trump, ...SUIT_ROW.filter((s) => s !== trump)] : SUIT_ROW;
  const suitRank = (card) => {
    const suit = suitOf(card);
    return suit === "JK" ? -1 : order.indexOf(suit);
  };
  const power = (card) => {
    const { rank, suit } = cardParts(card);
    if (rank === "JK") return -3;
    if (trump && rank === "J") return suit === trump ? -2 : suit === SAME_COLOUR[trump] ? -1 : RANK_ORDER.indexOf(rank);
    return RANK_ORDER.indexOf(rank);
  };
  return [...cards].sort((a, b) => suitRank(a) - suitRank(b) || power(a) - power(b));
}

// -- the page's parts ---------------------------------------------------------------

function route() {
  const path = location.pathname;
  const play = /^\/play\/([^/]+)$/.exec(path);
  if (play) return startTable(decodeURIComponent(play[1]));
  if (path === "/replay") return startReplay();
  return startLobby();
}

function setStatus(text) {
  $("status").textContent = text;
}

// -- the lobby ------------------------------------------------------------------------

function startLobby() {
  $("lobby").hidden = false;
  const players = $("players");
  const seats = () => Number(players.value);
  const drawSeats = () => {
    const box = $("seat-choices");
    const old = [...box.querySelectorAll("select")].map((s) => s.value);
    box.replaceChildren();
    for (let seat = 0; seat < seats(); seat++) {
      const choice = el("select", { id: `seat-${seat}`, "aria-label": `Seat ${seat}` },
        el("option", { value: "human" }, "a person"),
        el("option", { value: "rules" }, "computer: rules of thumb"),
        el("option", { value: "random" }, "computer: random"),
        el("option", { value: "sampling" }, "computer: sampling (strongest, slower)"));
      choice.value = old[seat] || (seat === 0 ? "human" : "rules");
      box.append(el("label", { class: "seat-choice" }, `Seat ${seat} `, choice));
    }
    $("six-sides-label").hidden = seats() !== 6;
    $("partner-label").hidden = seats() !== 5;
  };
  players.addEventListener("change", drawSeats);
  drawSeats();
  $("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("create-error").textContent = "";
    const rules = {
      players: seats(),
      target: Number($("target").value),
      misere: $("opt-misere").checked,
      open_misere: $("opt-misere").checked && $("opt-open-misere").checked,
      blind_misere: $("opt-misere").checked && $("opt-blind-misere").checked,
      sans_kitty: $("opt-sans-kitty").checked,
      joker_nomination: $("opt-nomination").checked,
    };
    if (seats() === 6) rules.six_player_sides = Number($("six-sides").value);
    if (seats() === 5) rules.five_player_partner = $("opt-partner").checked;
    if ($("opt-american").checked) {
      rules.single_round_auction = true;
      rules.misere_by_value = true;
    }
    if ($("opt-perfect").checked) rules.scoring_table = "perfect";
    const seatList = [];
    for (let seat = 0; seat < seats(); seat++) {
      const kind = $(`seat-${seat}`).value;
      seatList.push(kind === "human" ? { kind: "human" } : { kind: "bot", player: kind });
    }
    const body = { rules, seats: seatList };
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    const answer = await fetch("/api/tables", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await answer.json();
    if (!answer.ok) {
      $("create-error").textContent = data.error;
      return;
    }
    showCreated(data);
  });
}

function showCreated(data) {
  $("created").hidden = false;
  $("created-id").textContent = data.table;
  const list = $("seat-links");
  list.replaceChildren();
  for (const seat of data.seats) {
    const copy = el("button", {
      type: "button", class: "small",
      onclick: () => navigator.clipboard && navigator.clipboard.writeText(seat.url),
    }, "Copy");
    list.append(el("li", {}, `Seat ${seat.seat}: `,
      el("a", { href: seat.url, class: "seat-link", "data-seat": seat.seat }, `play seat ${seat.seat}`), " ", copy,
      el("code", { class: "url" }, seat.url)));
  }
  $("watch-link").href = `/play/${data.table}`;
  if (data.seats.length === 1) location.href = data.seats[0].url;
}

// -- a table ----------------------------------------------------------------------

const game = {
  id: null, token: null, socket: null, view: null, table: null, retry: 0,
  selected: new Set(), closedFor: null, reviews: {},
};

function startTable(id) {
  $("table").hidden = false;
  game.id = id;
  game.token = new URLSearchParams(location.search).get("token");
  $("sans-kitty").addEventListener("change", () => draw());
  $("discard-go").addEventListener("click", sendDiscard);
  $("next-hand").addEventListener("click", () => send({ type: "next_hand" }));
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("typed-action").value.trim();
    if (text) sendAction(text);
    $("typed-action").value = "";
  });
  $("hand").addEventListener("keydown", handKeys);
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = game.token ? `?token=${encodeURIComponent(game.token)}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(game.id)}${query}`);
  game.socket = socket;
  setStatus("connecting…");
  socket.addEventListener("open", () => {
    game.retry = 0;
    setStatus(game.token ? "connected" : "connected (watching)");
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (game.socket !== socket) return;
    if (game.closedFor) {
      setStatus(`disconnected: ${game.closedFor}`);
      return;
    }
    // A dropped connection: try again, more slowly each time.
    const wait = Math.min(8000, 500 * 2 ** game.retry++);
    setStatus(`connection lost; reconnecting in ${Math.round(wait / 1000)} s…`);
    setTimeout(connect, wait);
  });
}

function receive(message) {
  if (message.type === "view") {
    game.view = message.view;
    game.selected.clear();
    showRefusal("");
    draw();
  } else if (message.type === "table") {
    game.table = message;
    draw();
  } else if (message.type === "review") {
    game.reviews[message.hand] = message;
    if (game.view) drawReview(game.view);
  } else if (message.type === "refused") {
    showRefusal(message.reason);
  } else if (message.type === "error") {
    showRefusal(message.reason);
    if (["bad-token", "no-table", "rate-limited", "too-large", "not-text", "too-slow"].includes(message.code)) {
      game.closedFor = message.reason;
    }
  }
}

function send(message) {
  if (game.socket && game.socket.readyState === WebSocket.OPEN) {
    game.socket.send(JSON.stringify(message));
  } else {
    showRefusal("not connected: the move was not sent");
  }
}

function sendAction(action) {
  send({ type: "action", action });
}

function showRefusal(text) {
  $("refusal").textContent = text;
}

function seatName(seat) {
  const me = game.view && game.view.seat;
  if (seat === me) return "You";
  const info = game.table && game.table.seats[seat];
  if (info && info.kind === "bot") return `Seat ${seat} (computer)`;
  return `Seat ${seat}`;
}

function sideOf(seat) {
  if (seat === null || seat === undefined || !game.view) return null;
  return game.view.seat_sides[seat];
}

function draw() {
  const view = game.view;
  if (!view) return;
  drawSeats(view);
  drawTrick(view);
  drawInfo(view);
  drawAuction(view);
  drawSheet(view);
  drawHand(view);
  drawActions(view);
  drawHandOver(view);
  drawPresence();
}

function seatOrder(view) {
  const players = view.rules.players;
  const me = view.seat === null ? 0 : view.seat;
  return Array.from({ length: players }, (_, k) => (me + k) % players);
}

// Seat k places after the viewer, clockwise from the bottom of the table.
function placeOf(k, players) {
  const angle = Math.PI / 2 + (k * 2 * Math.PI) / players;
  return { x: 50 + 40 * Math.cos(angle), y: 50 + 38 * Math.sin(angle) };
}

function drawSeats(view) {
  const box = $("seats");
  box.replaceChildren();
  const players = view.rules.players;
  seatOrder(view).forEach((seat, k) => {
    const place = placeOf(k, players);
    const marks = [];
    if (seat === view.dealer) marks.push(el("span", { class: "mark", title: "dealer" }, "D"));
    if (view.contract && view.contract.contractor === seat) marks.push(el("span", { class: "mark contractor", title: "contractor" }, bidText(view.contract.bid)));
    if (view.partner === seat) marks.push(el("span", { class: "mark", title: "partner" }, "partner"));
    if (view.sitting_out.includes(seat)) marks.push(el("span", { class: "mark", title: "sits out" }, "sits out"));
    const lastCall = [...view.calls].reverse().find(([s]) => s === seat);
    const side = sideOf(seat);
    const toAct = view.to_act === seat;
    const label = `${seatName(seat)}${side === null ? "" : `, side ${side}`}, ${view.hand_sizes[seat]} cards, ${view.tricks_won_by_seat[seat]} tricks${toAct ? ", to act" : ""}`;
    const node = el("div", {
      class: `seat${toAct ? " to-act" : ""}${seat === view.seat ? " me" : ""}`,
      style: `left:${place.x}%;top:${place.y}%`, "aria-label": label, "data-seat": seat,
    },
    el("div", { class: "seat-name" }, seatName(seat), side === null ? null : el("span", { class: `side side-${side}` }, ` side ${side}`)),
    el("div", { class: "seat-facts" }, `${view.hand_sizes[seat]} cards · ${view.tricks_won_by_seat[seat]} tricks`),
    el("div", { class: "marks" }, ...marks),
    lastCall && view.phase === "bidding" ? el("div", { class: "call" }, bidText(lastCall[1])) : null);
    box.append(node);
  });
  if (view.exposed.length && view.contract) {
    const k = seatOrder(view).indexOf(view.contract.contractor);
    const place = placeOf(k, players);
    const exposed = el("div", { class: "exposed", style: `left:${place.x}%;top:${place.y + (place.y > 50 ? -14 : 14)}%`, "aria-label": "The open misère hand" },
      ...sortHand(view.exposed, view).map((c) => cardFace(c, { class: "mini" })));
    box.append(exposed);
  }
}

function drawTrick(view) {
  const box = $("trick");
  box.replaceChildren();
  const trick = view.trick;
  const players = view.rules.players;
  const order = seatOrder(view);
  const plays = trick ? trick.plays : [];
  for (const [seat, card] of plays) {
    const place = placeOf(order.indexOf(seat), players);
    const x = 50 + (place.x - 50) * 0.45;
    const y = 50 + (place.y - 50) * 0.45;
    box.append(cardFace(card, { class: "played", style: `left:${x}%;top:${y}%`, "aria-label": `${seatName(seat)}: ${cardName(card)}` }));
  }
  let note = "";
  if (trick && trick.led_suit && plays.length) note = `${SUITS[trick.led_suit].symbol} led`;
  if (view.joker_suit) note += `${note ? " · " : ""}Joker is a ${SUITS[view.joker_suit].name.slice(0, -1)}`;
  $("centre-note").textContent = note;
}

function drawInfo(view) {
  $("hand-no").textContent = String(handOrdinal(view));
  let turn = "";
  if (view.phase === "game_over") turn = "The game is over.";
  else if (view.phase === "hand_over") turn = "The hand is over.";
  else if (view.to_act === view.seat) turn = "Your turn.";
  else if (view.to_act !== null) turn = `${seatName(view.to_act)} to act.`;
  $("turn").textContent = turn;
  const contract = view.contract;
  if (contract) {
    const needed = contract.tricks_needed;
    const side = sideOf(contract.contractor);
    $("contract").textContent = `Contract: ${bidLabel(contract.bid)} by ${seatName(contract.contractor)}`
      + (side === null ? "" : ` (side ${side})`)
      + (needed ? `, needs ${needed} tricks` : ", must take no trick");
  } else {
    $("contract").textContent = view.phase === "bidding" ? "Bidding." : "";
  }
  const members = view.scores.map((_, s) => view.seat_sides.flatMap((side, seat) => (side === s ? [seat] : [])));
  $("tricks-won").textContent = contract
    ? "Tricks won: " + view.tricks_won.map((n, s) => `side ${s}: ${n}`).join(", ") : "";
  $("tricks-won").title = members.map((m, s) => `side ${s}: seats ${m.join(", ")}`).join("; ");
  let partner = "";
  if (view.partner_card) {
    partner = `Partner card: ${cardName(view.partner_card)}`
      + (view.partner === null ? " (not yet seen)" : ` (${seatName(view.partner)})`);
  }
  $("partner-note").textContent = partner;
  const last = view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
  const box = $("last-trick");
  box.replaceChildren();
  if (last) {
    box.append(el("h3", {}, `Last trick, won by ${seatName(last.winner)}`));
    box.append(el("div", { class: "row" }, ...last.plays.map(([seat, card]) =>
      el("span", { class: "played-by" }, cardFace(card, { class: "mini" }), el("small", {}, seat === view.seat ? "You" : `Seat ${seat}`)))));
  }
}

function drawAuction(view) {
  const list = $("auction");
  list.replaceChildren(...view.calls.map(([seat, call]) => el("li", {}, `${seatName(seat)}: ${bidText(call)}`)));
}

function drawSheet(view) {
  const sides = view.scores.length;
  const table = $("sheet");
  const head = el("tr", {}, el("th", { scope: "col" }, "Hand"), el("th", { scope: "col" }, "Contract"),
    ...Array.from({ length: sides }, (_, s) => el("th", { scope: "col", title: `Side ${s}`, "aria-label": `Side ${s}` }, sides > 2 ? `S${s}` : `Side ${s}`)));
  table.tHead.replaceChildren(head);
  const rows = (game.table ? game.table.sheet : []).map((row) => el("tr", {},
    el("td", {}, String(row.hand)),
    el("td", {}, row.contract === null ? "thrown in" : `${bidText(row.contract)} by ${row.contractor} (${row.tricks.join("–")})`),
    ...row.changes.map((change, s) => el("td", { class: "num" },
      el("span", { class: "change" }, `${change > 0 ? "+" : ""}${change}`), " ", el("strong", {}, String(row.scores[s]))))));
  table.tBodies[0].replaceChildren(...rows);
  table.tFoot.replaceChildren(el("tr", {}, el("th", { scope: "row", colspan: 2 }, "Total"),
    ...view.scores.map((score) => el("td", { class: "num total" }, String(score)))));
}

function legalPlays(view) {
  const plays = new Map();
  for (const action of view.legal_actions) {
    if (!action.startsWith("PLAY ")) continue;
    const [card] = action.slice(5).split(":");
    if (!plays.has(card)) plays.set(card, []);
    plays.get(card).push(action);
  }
  return plays;
}

function drawHand(view) {
  const box = $("hand");
  box.replaceChildren();
  const plays = legalPlays(view);
  const discarding = view.phase === "discard" && view.to_act === view.seat && view.seat !== null;
  const cards = sortHand(view.hand, view);
  cards.forEach((card, index) => {
    const playable = plays.has(card);
    const usable = playable || discarding;
    const picked = game.selected.has(card);
    const label = `${cardName(card)}${playable ? ", playable" : ""}${picked ? ", chosen to discard" : ""}`;
    const button = cardFace(card, {
      tag: "button", type: "button",
      class: `in-hand${usable ? " usable" : ""}${picked ? " picked" : ""}${view.phase === "play" ? "" : " idle"}`,
      "aria-label": label, "aria-pressed": discarding ? String(picked) : null,
      "aria-disabled": usable ? null : "true", tabindex: index === 0 ? "0" : "-1", "data-card": card,
    });
    button.disabled = !usable;
    button.addEventListener("click", () => clickCard(card, plays.get(card) || []));
    box.append(button);
  });
  const focusable = box.querySelector("button:not([disabled])");
  if (focusable) {
    for (const b of box.querySelectorAll("button")) b.tabIndex = -1;
    focusable.tabIndex = 0;
  }
  $("typed").hidden = view.seat === null;
}

// Arrow keys move along the hand; Enter or Space plays (the buttons' own keys).
function handKeys(event) {
  if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
  const buttons = [...$("hand").querySelectorAll("button:not([disabled])")];
  if (!buttons.length) return;
  let at = buttons.indexOf(document.activeElement);
  if (event.key === "ArrowLeft") at = at <= 0 ? buttons.length - 1 : at - 1;
  else if (event.key === "ArrowRight") at = (at + 1) % buttons.length;
  else if (event.key === "Home") at = 0;
  else at = buttons.length - 1;
  for (const b of buttons) b.tabIndex = -1;
  buttons[at].tabIndex = 0;
  buttons[at].focus();
  event.preventDefault();
}

function clickCard(card, actions) {
  const view = game.view;
  if (view.phase === "discard") {
    if (game.selected.has(card)) game.selected.delete(card);
    else game.selected.add(card);
    draw();
    const again = $("hand").querySelector(`[data-card="${card}"]`);
    if (again) again.focus();
    return;
  }
  if (actions.length === 1) sendAction(actions[0]);
  else if (actions.length > 1) chooseJokerSuit(actions);
}

// Leading the Joker without trumps: the player names the suit to follow.
function chooseJokerSuit(actions) {
  const box = $("choices");
  box.hidden = false;
  box.replaceChildren(el("h2", {}, "Lead the Joker as"), ...actions.map((action) => {
    const suit = action.split(":")[1];
    return el("button", { type: "button", class: `choice ${SUITS[suit].colour}`, onclick: () => sendAction(action), "aria-label": `Lead the Joker as ${SUITS[suit].name}` },
      `${SUITS[suit].symbol} ${SUITS[suit].name}`);
  }), el("button", { type: "button", onclick: () => { box.hidden = true; } }, "Cancel"));
  box.querySelector("button").focus();
}

function drawActions(view) {
  const mine = view.seat !== null && view.to_act === view.seat;
  $("bidding").hidden = !(mine && view.phase === "bidding");
  $("discard-bar").hidden = !(mine && view.phase === "discard");
  const choices = $("choices");
  choices.hidden = true;
  choices.replaceChildren();
  if (!mine) return;
  if (view.phase === "bidding") drawBidding(view);
  else if (view.phase === "discard") drawDiscard(view);
  else if (view.phase === "nominate") {
    choices.hidden = false;
    choices.append(el("h2", {}, "Nominate the Joker's suit"), ...view.legal_actions.map((action) => {
      const suit = action.split(" ")[1];
      const text = suit === "NONE" ? "No nomination" : `${SUITS[suit].symbol} ${SUITS[suit].name}`;
      return el("button", { type: "button", class: `choice ${suit === "NONE" ? "" : SUITS[suit].colour}`, onclick: () => sendAction(action) }, text);
    }));
  } else if (view.phase === "call_partner") {
    choices.hidden = false;
    const select = el("select", { id: "partner-card", "aria-label": "The partner card" },
      ...view.legal_actions.filter((a) => a !== "CALL ALONE").map((action) => {
        const card = action.slice(5);
        return el("option", { value: action }, `${cardName(card)} (${card.replace(/[SCDH]$/, (s) => SUITS[s].symbol)})`);
      }));
    choices.append(el("h2", {}, "Call a partner card"), select,
      el("button", { type: "button", class: "primary", onclick: () => sendAction(select.value) }, "Call this card"),
      view.legal_actions.includes("CALL ALONE") ? el("button", { type: "button", onclick: () => sendAction("CALL ALONE") }, "Play alone") : null);
  }
}

function drawBidding(view) {
  const legal = new Set(view.legal_actions);
  const ladder = game.table ? game.table.ladder : [];
  const value = new Map(ladder.map((rung) => [rung.bid, rung.value]));
  const anySk = view.legal_actions.some((a) => a.endsWith("-SK"));
  $("sk-label").hidden = !anySk;
  const sk = anySk && $("sans-kitty").checked ? "-SK" : "";
  const grid = $("ladder");
  grid.replaceChildren(el("div", { class: "ladder-row head", role: "row" }, el("span", { role: "columnheader" }, ""),
    ...STRAINS.map((s) => el("span", { role: "columnheader", class: s === "NT" ? "" : SUITS[s].colour }, s === "NT" ? "NT" : SUITS[s].symbol))));
  for (let level = 6; level <= 10; level++) {
    const cells = STRAINS.map((strain) => {
      const bid = `${level}${strain}${sk}`;
      const ok = legal.has(bid);
      const button = el("button", {
        type: "button", role: "gridcell", class: `bid ${strain === "NT" ? "" : SUITS[strain].colour}`,
        "aria-label": `${bidLabel(bid)}${value.has(`${level}${strain}`) ? `, worth ${value.get(`${level}${strain}`)}` : ""}`,
        onclick: () => sendAction(bid), "data-bid": bid,
      }, el("span", {}, `${level}${strain === "NT" ? "NT" : SUITS[strain].symbol}`),
      el("small", {}, value.has(`${level}${strain}`) ? String(value.get(`${level}${strain}`)) : ""));
      button.disabled = !ok;
      return button;
    });
    grid.append(el("div", { class: "ladder-row", role: "row" }, el("span", { role: "rowheader" }, String(level)), ...cells));
  }
  const specials = $("specials");
  specials.replaceChildren();
  for (const bid of ["PASS", "MIS", "OMIS", "BMIS"]) {
    if (bid !== "PASS" && !ladder.some((rung) => rung.bid === bid)) continue;
    const button = el("button", { type: "button", class: `bid special${bid === "PASS" ? " pass" : ""}`, onclick: () => sendAction(bid), "data-bid": bid },
      bidText(bid), value.has(bid) ? el("small", {}, ` ${value.get(bid)}`) : null);
    button.disabled = !legal.has(bid);
    specials.append(button);
  }
}

function drawDiscard(view) {
  const count = view.kitty.length; // as many cards as the kitty held
  const chosen = [...game.selected];
  const action = discardAction(view, chosen);
  $("discard-note").textContent = `Choose ${count} cards to discard (${chosen.length} chosen).`;
  $("discard-go").disabled = action === null;
}

function discardAction(view, chosen) {
  const wanted = [...chosen].sort().join(" ");
  for (const action of view.legal_actions) {
    if (action.startsWith("DISCARD ") && action.slice(8).split(" ").sort().join(" ") === wanted) return action;
  }
  return null;
}

function sendDiscard() {
  const action = discardAction(game.view, [...game.selected]);
  if (action) sendAction(action);
}

function drawHandOver(view) {
  const over = view.phase === "hand_over" || view.phase === "game_over";
  const box = $("hand-over");
  box.hidden = !over;
  if (!over) return;
  const row = game.table && game.table.sheet.length ? game.table.sheet[game.table.sheet.length - 1] : null;
  let text = "";
  if (view.contract) {
    const sides = new Set([view.contract.side]);
    if (view.partner !== null) sides.add(view.seat_sides[view.partner]);
    const taken = [...sides].reduce((sum, side) => sum + view.tricks_won[side], 0);
    const done = row && row.hand === handOrdinal(view) ? (row.made ? ", made" : ", set") : "";
    text = `${bidLabel(view.contract.bid)} by ${seatName(view.contract.contractor)}: ${taken} tricks${done}. `;
  } else {
    text = "Everyone passed: the hand is thrown in. ";
  }
  if (view.hand_result) {
    text += view.hand_result.map((change, s) => `side ${s} ${change > 0 ? "+" : ""}${change}`).join(", ") + ".";
  }
  if (view.phase === "game_over") {
    $("over-title").textContent = "Game over";
    const mine = sideOf(view.seat);
    const won = view.winners.map((s) => `side ${s}`).join(" and ");
    text += ` ${won} ${view.winners.length > 1 ? "win" : "wins"}` + (mine !== null && view.seat !== null ? (view.winners.includes(mine) ? ": you win!" : ".") : ".");
    $("next-hand").hidden = true;
    const link = $("download");
    link.hidden = false;
    link.href = `/api/tables/${encodeURIComponent(game.id)}/record`;
  } else {
    $("over-title").textContent = `Hand ${row ? row.hand : handOrdinal(view)} is over`;
    $("next-hand").hidden = view.seat === null;
    $("download").hidden = true;
  }
  $("over-text").textContent = text;
  drawReview(view);
}

// -- the review of the hand --------------------------------------------------------------

function cardShort(text) {
  const { rank, suit } = cardParts(text);
  if (rank === "JK") return el("span", { "aria-label": cardName(text) }, "Jo");
  return el("span", { class: `short ${SUITS[suit].colour}`, "aria-label": cardName(text) }, `${rank}${SUITS[suit].symbol}`);
}

function actionCards(action) {
  const [word, ...rest] = action.split(" ");
  if (word === "PLAY") return [rest[0].split(":")[0]];
  if (word === "DISCARD") return rest;
  return [];
}

function actionText(action) {
  // A card play or a discard as card faces; a nomination as its suit.
  const cards = actionCards(action);
  if (cards.length) {
    const parts = [];
    cards.forEach((card, k) => parts.push(...(k ? [" ", cardShort(card)] : [cardShort(card)])));
    return el("span", {}, ...parts);
  }
  const suit = action.split(" ")[1];
  if (suit === "NONE") return el("span", {}, "no nomination");
  return el("span", { class: `short ${SUITS[suit] ? SUITS[suit].colour : ""}` }, SUITS[suit] ? `Joker as ${SUITS[suit].name}` : action);
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function costText(choice) {
  return `−${plural(choice.cost_tricks, "trick")}, −${plural(choice.cost_points, "point")}`;
}

function seatShort(seat) {
  return game.view && seat === game.view.seat ? "You" : `Seat ${seat}`;
}

function choiceCell(choice) {
  const made = actionText(choice.action);
  const who = el("small", {}, `${seatShort(choice.seat)}: `);
  if (!choice.error) return el("td", {}, who, made);
  const best = choice.best || [];
  const bestParts = [];
  best.forEach((action, k) => bestParts.push(...(k ? [" or ", actionText(action)] : [actionText(action)])));
  return el("td", { class: "lost" }, who, made,
    el("span", { class: "cost" }, ` ${costText(choice)}`),
    el("span", { class: "best" }, " best: ", ...bestParts),
    el("span", { class: "result" }, ` (${choice.result_made} instead of ${choice.result_best})`));
}

function drawReview(view) {
  const box = $("review");
  const message = game.reviews[handOrdinal(view)];
  const over = view.phase === "hand_over" || view.phase === "game_over";
  if (!over || !message) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  const title = el("h3", { id: "review-h" }, "Review of the hand");
  if (message.status === "computing") {
    box.replaceChildren(title, el("p", { role: "status", class: "computing" }, "Reviewing the hand: computing…"));
    return;
  }
  if (message.status === "cut_off") {
    box.replaceChildren(title, el("p", { role: "status" }, "The review of this hand ran out of time: nothing is shown."));
    return;
  }
  if (message.status === "withheld") {
    box.replaceChildren(title, el("p", { role: "status" }, "The play stopped before the tenth trick: the review would tell of cards nobody played, so it is not shown."));
    return;
  }
  const review = message.review;
  const intro = el("p", { class: "note" }, "Each error and what it cost its side, by double-dummy analysis (as if every hand were known), with the best choice.");
  const errors = review.choices.filter((choice) => choice.error);
  const lostPoints = review.seats.reduce((sum, s) => sum + s.points_lost, 0);
  const ready = el("p", { role: "status", class: "sr-only" }, errors.length
    ? `The review is ready: ${plural(errors.length, "error")}, ${plural(lostPoints, "point")} lost in all.`
    : "The review is ready: no error.");
  const table = el("table", { class: "review-table" });
  table.append(el("caption", {}, errors.length ? `${plural(errors.length, "error")}, trick by trick` : "No decision cost anything: every choice was among the best."));
  const body = el("tbody");
  const before = review.choices.filter((choice) => choice.kind !== "play");
  for (const choice of before) {
    const cell = choiceCell(choice);
    cell.colSpan = view.rules.players;
    body.append(el("tr", {}, el("th", { scope: "row" }, choice.kind === "discard" ? "Discard" : "Nomination"), cell));
  }
  const tricks = new Map();
  for (const choice of review.choices.filter((c) => c.kind === "play")) {
    if (!tricks.has(choice.trick)) tricks.set(choice.trick, []);
    tricks.get(choice.trick).push(choice);
  }
  for (const [trick, plays] of tricks) {
    body.append(el("tr", { class: plays.some((c) => c.error) ? "has-error" : null },
      el("th", { scope: "row" }, `Trick ${trick}`), ...plays.map(choiceCell)));
  }
  table.append(body);
  const lost = el("table", { class: "review-summary" },
    el("caption", {}, "Lost to errors"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Who"), el("th", { scope: "col" }, "Errors"),
      el("th", { scope: "col" }, "Tricks"), el("th", { scope: "col" }, "Points"))),
    el("tbody", {},
      ...review.seats.map((s) => el("tr", {}, el("th", { scope: "row" }, seatName(s.seat)),
        el("td", { class: "num" }, String(s.errors)), el("td", { class: "num" }, String(s.tricks_lost)), el("td", { class: "num" }, String(s.points_lost)))),
      ...review.sides.map((s) => el("tr", { class: "side-row" }, el("th", { scope: "row" }, `Side ${s.side} (seats ${s.seats.join(", ")})`),
        el("td", { class: "num" }, String(s.errors)), el("td", { class: "num" }, String(s.tricks_lost)), el("td", { class: "num" }, String(s.points_lost))))));
  box.replaceChildren(title, ready, intro, table, lost);
}

function drawPresence() {
  if (!game.table) return;
  const list = $("presence");
  $("invite").hidden = false;
  list.replaceChildren(...game.table.seats.map((seat) => el("li", {},
    `Seat ${seat.seat}: ${seat.kind === "bot" ? `computer (${seat.player})` : "a person"}`
    + (seat.kind === "human" ? (seat.connected ? " · here" : " · not connected") : ""))));
}

// -- replay -----------------------------------------------------------------------------

const replay = { steps: [], at: 0 };

function startReplay() {
  $("replay").hidden = false;
  $("replay-file").addEventListener("change", async () => {
    const file = $("replay-file").files[0];
    if (file) $("replay-text").value = await file.text();
  });
  $("replay-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("replay-error").textContent = "";
    const answer = await fetch("/api/replay", { method: "POST", headers: { "Content-Type": "application/json" }, body: $("replay-text").value });
    const data = await answer.json();
    if (!answer.ok) {
      $("replay-error").textContent = data.error;
      return;
    }
    replay.steps = data.steps;
    replay.at = 0;
    $("r-step").max = String(replay.steps.length - 1);
    $("replay-board").hidden = false;
    drawReplay();
  });
  const go = (at) => {
    replay.at = Math.max(0, Math.min(replay.steps.length - 1, at));
    drawReplay();
  };
  $("r-first").addEventListener("click", () => go(0));
  $("r-prev").addEventListener("click", () => go(replay.at - 1));
  $("r-next").addEventListener("click", () => go(replay.at + 1));
  $("r-last").addEventListener("click", () => go(replay.steps.length - 1));
  $("r-step").addEventListener("input", () => go(Number($("r-step").value)));
  document.addEventListener("keydown", (event) => {
    if ($("replay-board").hidden || event.target.tagName === "TEXTAREA") return;
    if (event.key === "ArrowRight") go(replay.at + 1);
    else if (event.key === "ArrowLeft") go(replay.at - 1);
  });
}

function drawReplay() {
  const step = replay.steps[replay.at];
  const view = step.view;
  $("r-step").value = String(replay.at);
  const move = step.move ? `seat ${step.move.seat}: ${step.move.action}` : "the deal";
  $("r-where").textContent = `Hand ${step.hand}, position ${replay.at + 1} of ${replay.steps.length} (${move})`;
  const hands = $("r-hands");
  hands.replaceChildren(...step.hands.map((cards, seat) => el("div", { class: `r-hand${view.to_act === seat ? " to-act" : ""}` },
    el("h3", {}, `Seat ${seat}${view.dealer === seat ? " (dealer)" : ""}${view.to_act === seat ? " to act" : ""}`),
    el("div", { class: "row" }, ...sortHand(cards, view).map((c) => cardFace(c, { class: "mini" }))))));
  if (step.kitty.length && view.phase === "bidding") {
    hands.append(el("div", { class: "r-hand" }, el("h3", {}, "Kitty"), el("div", { class: "row" }, ...step.kitty.map((c) => cardFace(c, { class: "mini" })))));
  }
  const trick = view.trick && view.trick.plays.length ? view.trick : view.tricks[view.tricks.length - 1];
  const box = $("r-trick");
  box.replaceChildren();
  if (trick) {
    box.append(el("h3", {}, trick.winner === null ? "The trick" : `Trick won by seat ${trick.winner}`),
      el("div", { class: "row" }, ...trick.plays.map(([seat, card]) => el("span", { class: "played-by" }, cardFace(card, { class: "mini" }), el("small", {}, `seat ${seat}`)))));
  }
  $("r-contract").textContent = (view.contract ? `Contract: ${bidLabel(view.contract.bid)} by seat ${view.contract.contractor}. ` : "")
    + `Tricks: ${view.tricks_won.join("–")}. Scores: ${view.scores.join(", ")}.`
    + (view.hand_result ? ` Hand result: ${view.hand_result.join(", ")}.` : "");
  $("r-auction").replaceChildren(...view.calls.map(([seat, call]) => el("li", {}, `seat ${seat}: ${bidText(call)}`)));
}

route();
