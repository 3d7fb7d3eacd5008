"""The FFTCG effect vocabulary: card behaviour as data, its validation and its resolution.

A card's `effects:` is a list of abilities. Each ability is one mapping naming its first effect
with `effect:` and that effect's parameters, plus optional ability keys:

- `kind`: `resolve` (what a Summon does; the default for Summons), `auto` (the default when
  `trigger` is given), `action` ("Cost: Effect"), `special` (an action ability whose cost also
  discards a card of the same name; needs `name`), `field` (a continuous effect while on the
  field), `replacement` (an "instead" effect while on the field).
- `trigger` (auto): enters_field, leaves_field, broken, put_into_break_zone (from the field, broken
  or not), attacks, party_attacks (it attacks as one of a Party), attack_declared (once per declared attack, of one
  Forward or a Party: its first attacker is the event's card), party_attack_declared (the same, only for a Party),
  party_dealt_damage (an unblocked Party dealt its damage to the opponent: once, its first attacker the event's card),
  returned_to_hand (a card left the field for its owner's hand, `of` matched on it there),
  card_cast (a player cast a card — a Character played or a Summon cast from the hand paying its cost —, `of` matched
  on it; `nth: N`: only the Nth card its controller cast this turn, "when you cast the second card you've cast"), blocks, blocked (an attacker, when a blocker is
  declared), dealt_damage (damage is dealt to it, after replacements), chosen / chosen_by_opponent /
  chosen_by_opponent_ability (a Summon or ability — the opponent's, the opponent's ability — chose it as it went on the
  stack), deals_damage_to_player, main_phase_start, attack_phase_start,
  end_phase_start, summon_cast, ex_burst_used (a player uses an EX Burst: `of` matched on its card, its controller
  the player using it), damage_received (a player receives a point of damage: once per point; `of: {controller:
  opponent | any}` for the opponent's or either player's, else its controller's), discarded_by_effect (a player — `of`
  as for damage_received — discarded cards from their hand at once due to a Summon or ability: `count_at_least` N of
  them, default 1; `due_to: you`: an effect its controller controls, "due to your Summons or abilities"), or `state` (a state-triggered ability, FFTCG 11.8.18: it triggers
  whenever its `condition` holds and is not already waiting or on the stack). `of:` a card filter whose
  event triggers it (default: this card itself; for summon_cast the filter is matched on the Summon; for a phase's
  beginning, `of: {controller: opponent}` is the phase of the opponent's turn).
- `entered_by` (an enters_field auto ability): `cast` (its player played it paying its cost: "When <self> enters the
  field due to your cast") or `effect` (a Summon or ability of its controller put it there: "… due to your Summons or
  abilities"). `entered_from: break` (an enters_field auto ability): it came from its owner's Break Zone ("When <self>
  enters the field from the Break Zone").
- `condition`: {backups_at_least, forwards_at_least, damage_at_least, hand_at_most, hand_at_least, your_turn: 1,
  opponent_hand_at_most, opponent_hand_at_least, opponent_damage_at_least, control, opponent_control, break_zone,
  self_power_at_least} (`control` /
  `opponent_control`: a card filter of printed facts with `at_least` (default 1) and/or `at_most`: "if you control 2
  or more Job Knight Forwards", FFTCG 11.8.13 / 11.12.2; `control_each`: a list of such filters, each holding: "if you
  control Card Name X and Card Name Y"; `break_zone` the same counted among the cards of the
  player's own Break Zone: "If you have 5 or more Job Samurai Forwards in your Break Zone"; `cast_this_turn`,
  `entered_this_turn`: a filter of printed facts with `at_least`, counted among the cards the player cast this turn /
  that entered their field this turn: "if you have cast 3 or more cards this turn", "if a Fire Forward has entered
  your field this turn"; `damaged_this_turn: 1`: "if you have received a point of damage this turn"; `made_discard_this_turn: 1`: "if your
  opponent has discarded a card from their hand due to your Summons or abilities this turn"; `elements_among`:
  a filter of printed facts with `at_least` / `at_most` different Elements among the Characters you control passing it;
  `elements_differ`: a filter whose Characters you control share no Element two by two; `paid_elements`: {at_least,
  at_most, includes, only}: the card was cast this turn with its cost paid with CP of that many different Elements,
  with CP of the Element `includes` among it ("If the cost paid to cast <self> included Ice CP"), only with CP of the
  Element `only` ("If the cost to play <self> was only paid with Earth CP");
  `opponent_forwards_ahead: N`: the opponent controls N or more Forwards more than you; `damage_ahead: N`: you have
  received N or more points of damage more than your opponent; `self_power_at_least`: the ability's card, still that
  object on the field, has that much Power or more, read only as an effect resolves; `chosen_is`: a filter of printed
  facts the one card the ability chose, still that object wherever it is, passes — "If it is a Fire Forward of cost 3
  or less, play it onto the field instead" —, read only as an effect resolves; `its_cost_at_most`: a number (computed
  now, see below) the chosen card's cost is at most, read only as an effect resolves ("If its cost is equal to or less
  than the number of Job Knight you control"); `discarded`: a filter of printed
  facts the card discarded for the ability's cost — or by its discard step before — passes, read only as an effect
  resolves: "If the discarded card is of Fire Element, …"; `milled_alike`: element or type, the two cards the mill
  step before put into the Break Zone share an Element / their card type, read only as an effect resolves: "If both
  cards are of the same Element, …"; `as_ex_burst: 1`: the effect resolves as an EX Burst ("If <self> results from an
  EX Burst", FFTCG 11.10), read only as it resolves; `power_below_self: 1`: the one chosen card has less Power than the ability's card,
  both still on the field, read only as an effect resolves: "If its power is less than <self>'s power, …"; `removed_is`: the same as `chosen_is` of the card the
  step before removed from the top of the controller's deck — the newest in their Removed Zone —: "Remove the top
  card of your deck from the game. If the removed card is a Forward, …"): for an auto
  ability checked when it triggers and again when it resolves (FFTCG 11.8.13); for a field ability
  while it applies; for an action ability when it is used ("You can only use this ability if …", FFTCG 11.6).
  `damage: N` is the "Damage N —" keyword (FFTCG 15.2.6).
- `optional: true` ("you may"): asked when it resolves. `ex_burst: true`: usable as EX Burst.
- `cost` (action/special): {cp: N, element: E, element_cp: K, dull: true, break_self: true}: N CP of
  which K (default: all N) must be of element E; or `elements: {fire: 1, water: 1}` for a cost of several
  elements (that many CP of each, the rest of any; FFTCG 11.6.2.1: at most 1 surplus CP per element, only by a
  discard); `x: true`: the cost is `cp` plus X CP, X chosen by the player using it (FFTCG 4.5, the command's
  `x`); `break_self` puts the card into the Break Zone; `discard: N` discards N cards of the player's choice from
  their hand (the command's `cost_discards`; those produce no CP, FFTCG 11.6.2), each passing the card filter
  `discard_of` when given ("Discard 1 Water Summon:"); `mill: N` / `remove_top: N` put the top N cards of the player's
  deck into the Break Zone / remove them from the game (only with N cards in the deck: a cost is paid whole);
  `discard_self` discards the card itself from its owner's hand: the ability is used from the hand, not the field
  ("Discard <self>: … You can only use this ability if <self> is in your hand", FFTCG 12.1);
  `return_self` / `remove_self` return the card to its owner's hand / remove it from the game; `remove_counters:
  {counter, count}` removes that many of those counters from the card (only with that many on it, FFTCG 4.9);
  `remove_counters_from: {counter, count}` with the filter `remove_counters_from_of` removes them from one Character
  on the field of the player's choice passing it, either player's unless it names a controller (the command's one
  `cost_cards`: "remove 1 Bounty Counter from a Character:");
  `remove_self_from_break` removes the card itself from the Break Zone its ability is used from (`from_break_zone`);
  `remove_break_of`: the filter of printed facts the cards `remove_break` removes pass ("remove 3 Summons in …");
  `put_characters: N` with the filter `put_characters_of` puts N Characters of the player's choice they control into
  the Break Zone ("put <self> and 1 Monster into the Break Zone:", digest 12.3: a cost's Characters are yours; not a
  break), `remove_break: N` removes N cards of the player's choice in their Break Zone from the game ("Remove 4 cards
  in the Break Zone from the game:"), `dull_characters: N` with `dull_characters_of` dulls N active Characters of the
  player's choice they control ("Dull 2 active Job Knight:"; not the card itself when the cost dulls it too),
  `remove_characters: N` with `remove_characters_of` removes N Characters they control from the game; their
  cards are the command's `cost_cards` (not the Backups it dulls for CP).
- `target`: `self`, `event` (an auto ability's: the card its event happened to — "When a Forward you control
  attacks, it gains …" — while still the same object on the field, not chosen), or a card filter with `count` (default 1) and `up_to` (bool) — chosen when
  played or put on the stack; or a list of such filters, groups chosen together ("Choose 1 Forward you control and 1
  Forward opponent controls": target_groups.py), an effect with `group: N` done only to group N's cards ("the
  former" 0, "the latter" 1), one without to them all. `all`: a card filter, every matching card (not chosen).
- `applies_to` (field, replacement): `self` or a card filter. `event` (replacement): `break` (with
  `instead`: remove_from_game or return_to_hand), `enters_field` (with `instead: your_control`: the
  card enters under this ability's controller, FFTCG 11.12.5.7) or `damage` (damage dealt to a
  Forward; `instead: reduce` with `amount`, or `instead: prevent`: none is dealt; `instead: prevent_below_power`: none
  is dealt when it is less than the Forward's Power, after the reductions: "If <self> is dealt damage less than its
  power, the damage becomes 0 instead"; `instead: increase` with `amount`: more is dealt, after the reductions, "If
  <self> receives damage, the damage increases by 4000 instead"; `in_party_with_self: true`: only while the card and that Forward attack in
  the same Party, FFTCG 15.1.1.9; `by`: only damage dealt by `summons`, `abilities`, `any` of the two or `forwards`
  — a Forward dealing it itself, FFTCG 11.11.8 —, `player: opponent`: only the opponent's (of the damaged card's
  controller): "If <self> is dealt damage by your opponent's abilities, the damage becomes 0 instead"; its `condition`
  is checked as the damage is dealt) or `deals_damage` (damage the `applies_to` Characters deal to a Forward
  themselves — in battle, or made to by a text, not by their abilities, FFTCG 11.11.8 —; `instead: increase` with
  `amount`: "If <self> deals damage to a Forward, the damage increases by 1000 instead").
- `if` / `unless` (on any effect, the first one's at the ability's level): a `condition` (as above) under which the
  effect is done / not done: "If you control 3 or more Backups, draw 1 card." and "Deal it 5000 damage. If …, deal it
  8000 damage instead." (the first `unless`, the second `if`). A condition is read once per resolution, when the first
  effect naming it is reached, so an effect and its "instead" never both happen.
- `all` on an effect of `then` (or of a mode): that effect is done to every card passing the filter now, not to the
  chosen cards (one of several selected actions: "Activate all the Backups you control.").
- `besides_chosen: true` (an effect with `all`): every card passing the filter but the chosen or selected ones ("Deal
  it 8000 damage, and deal 4000 damage to all the other Forwards opponent controls").
- `unless_paid: true` (an effect after a pay): done only when that payment was not made ("If your opponent doesn't
  pay [1], it cannot attack or block this turn": pay with `player: opponent`, their choice as it resolves).
- `if_done` (an effect after a step that may not be done: one of WHEN_DONE_AFTER): done only when that step was
  done, in the same resolution — "If you do so, …" (FFTCG 11.11.5; unlike "When you do so", nothing triggers): "You
  may discard 1 card. If you do so, draw 1 card." (the first `if_done` step comes right after the step it reads; the
  steps after it share its answer).
- `if_picked: true` (an effect after a select): done only when a card was selected ("You may select 1 card in their
  hand. If you do so, remove it from the game and your opponent draws 1 card.").
- `then`: a list of further effects, done in order on the same chosen cards; one with `on: self` is done to the
  ability's own card instead ("Choose 1 Forward. Break it. Activate <self>."; while it is still the object that
  used the ability, FFTCG 7.4); one with `all` (above) is done to every card passing that filter as it is reached
  ("Choose 1 Forward. Activate it. All the Forwards you control gain +1000 power until the end of the turn.").
- `duration` (power, set_power, grant_keyword, grant_job, become_forward, cannot_*): `turn` (default), `permanent` or
  `opponent_turn` ("until the end of your opponent's turn": it ends at the clean-up of the controller's opponent's turn).
- `name`: the ability's name (shown on the stack).
- `counters_at_least` (action/special): {counter, count}: used only while the card carries at least `count` counters
  of that name ("You can only use this ability if 3 or more Monster Counters are placed on <self>", FFTCG 4.9).
- `from_break_zone` (action, auto): true: used / triggering while the card is in its owner's Break Zone, not on the
  field ("… You can only use this ability during your Main Phase and if <self> is in the Break Zone"; "Play <self> onto
  the field"; "When a Card Name X enters your field, … This effect will trigger only if <self> is in the Break Zone").
- `damage_on_self_at_least` (action/special): N: used only while the card itself has N or more damage on it ("… if
  <self> has received 4000 damage or more").
- `only` (action/special): what the ability's text limits its use to, a list of `your_turn` ("You can only use this
  ability during your turn"), `main_phase` ("… during your Main Phase"), `once_per_turn` ("… once per turn": once
  per turn for the card as it is now on the field, FFTCG 7.4), `while_attacking` ("… while <self> is attacking"),
  `while_blocking` ("… while <self> is blocking"), `opponent_turn` ("… during your opponent's turn"); (auto) `[once_per_turn]`: "This effect will trigger
  only once per turn"; (a Summon's effect) `[your_turn]`: "You can only cast <self> during your turn" (its text
  narrows FFTCG 12.2's "on either player's turn"; an EX Burst is not a cast).

Card filters: {type (one, or a list: "Forward or Monster"), controller: you|opponent|any, zone: field|hand|break|stack (a
Summon on the stack: "Choose 1 Summon. Cancel its effect."), element, job, name,
category, cost_at_most, cost_at_least, power_at_most, power_at_least, dull, keyword, not_self, damaged ("damaged
Forward": damage on it), attacking, blocking (in the current battle; `blocking: self`: the Forward blocking the attack
the ability's card is in, "Forward blocking <self>"), entered_this_turn (put onto the field this
turn), also (a second type it has as well: "a Monster that is also a Forward"), any_of / none_of (a list of filters of type,
element, job, name and category: "Job Samurai or Card Name Samurai", "other than Card Name Cyan")}; damaged,
attacking, blocking and entered_this_turn only in `target` and `all`. In the `filter` of a search or select,
cost_at_most / cost_at_least may be {x: 1}: the X paid ("search for 1 Forward of cost X", with_paid_x).

Effects and their parameters:
draw {count, player}, deal_damage {amount, unreducible} (`unreducible`: "This damage cannot be reduced", no replacement
reducing or preventing it applies, FFTCG 1.3), damage_player {amount, player}, break {instead} (`instead`:
remove_from_game or return_to_hand, a self-replacement, FFTCG 11.12.5.6), put_into_break, dull,
activate, freeze, power {amount}, set_power {value}, grant_keyword {keyword}, grant_job {job} (the card also
has that Job; applied before the effects that are not about type or Job, FFTCG 11.12.4.6), become_forward
{power} (the card is also a Forward, with that Power unless it has one, while the effect lasts: same class ③),
search {filter, count, to: hand|field|break|top, dull, up_to} (to the hand, played onto the field — dull if `dull` —, put
into the Break Zone, or put on top of the deck once it is shuffled; `up_to`: "search for up to 2 …", as many as are found, at most `count`, as without it), look_top {count, reorder, bottom} (look at the top N cards of your deck and put any of them
on the bottom, in the order picked — exactly `bottom` of them when given —; `reorder`: the others go back on top in
the order picked), return_to_hand, remove_from_game, put_on_deck {position: top|bottom} (the top or bottom of its
owner's deck, FFTCG 7.3; default bottom), reveal_top {count, filter, take, up_to, rest: bottom|break|top, reveal}
(reveal — or, `reveal: false`, look at — the top `count` cards of your deck, add `take` of them passing `filter`
to your hand — or play them onto the field, `to: field` (FFTCG 11.4.8) — "up to" when `up_to`; the others go to the bottom in the order you pick, to the Break Zone, or stay;
FFTCG 7.6.1), play_onto_field {dull},
add_counter {counter, count}, remove_counter {counter, count}, cost_change {amount, floor} (field: cards in
`applies_to` cost that much more; negative = less; `floor: 1`: "(it cannot become 0)", a cost of 1 or more stays 1 or
more; `applies_to: self`: the card's own cost, counted while it is in
its owner's hand, FFTCG 11.12.4.4), choose_one {modes: [[effects…], …]} ("select 1 of the N following
actions", FFTCG 11.3.3; `more_if` / `more_from`: the modes from index `more_from` on — sets of several actions, "If
<condition>, select up to 2 of the 3 following actions instead" — may be chosen only while the condition holds;
as an ability's first effect, a mode's first effect may carry its own `target` or `all`: the mode
is then chosen before the targets, see `with_mode`),
gain_control {while_source_on_field, player} (the ability's controller — `player: opponent`: their opponent, "Your
opponent gains control of <self>" — gains control of the cards; `duration: turn`: "… until the end of the turn", given
back to their owner at the clean-up, FFTCG 9.5.1.3) (and remove_from_game {while_source_on_field}: "… for as long as <self> is
on the field": when that card leaves the field, the cards removed return to their owner's field, control goes back to
the owner; nothing is done when it left before the effect, FFTCG 11.12.4.1), hand_to_deck_bottom {count, up_to} (its controller places `count` cards of their choice from their hand at the
bottom of their deck, in the order picked, FFTCG 7.9; `up_to`: as many as they pick, at most `count` — no count: any
number), discard_hand {player} (that player discards every card of their hand), discard {count, player, filter} (with a hand `target`: the chosen cards; else the player
discards `count` cards of their choice, each passing `filter` when given: "discard 1 Summon"; `random`: picked at random
by the game, "your opponent randomly discards 1 card"; `cost_as_x`: the cost of the card its controller discarded is the
entry's X from then on, "… of the same cost as the discarded card"), cannot_attack, cannot_block, must_attack, must_block (blocks
when it can, FFTCG 10.1.3.1.3),
enters_dull (field, self: the card enters the field dull, read as it enters, FFTCG 11.12.5), backup_cp_only (field, self, read in the hand: "You can only pay with CP
produced by Backups to cast <self>" — no card is discarded for CP to play or cast it, FFTCG 11.2 narrowed by its text),
any_element_cp {elements} (field: the Backups it applies to make CP of any Element — or, with `elements`, of their own
Elements or those: "<self> can produce Wind CP" — when dulled for CP, FFTCG 5.2.1.3 widened by the text), any_element_cost (field: the cost of the card itself — read in the hand — or of the cards in `applies_to`
its controller plays needs no CP of their Element while its condition holds, FFTCG 11.4.6.1 widened by the text),
stays_dull (field, self
or a filter: the card — or each card passing it: "The Forwards opponent controls won't activate at the controller's
Active Phase" — does not activate in its controller's Active Phase while its condition holds, FFTCG 9.1.1.1 narrowed
by its text), cannot_be_broken (no
break happens to the card: effects that break and damage ≥ Power leave it, FFTCG 1.3; Power 0
puts it into the Break Zone still, FFTCG 12.4.4), cannot_be_blocked_by {cost_at_least}, cannot_be_dulled {by, player} (no effect of
such a Summon or ability dulls it, FFTCG 1.3; costs and attacks still do), cannot_be_broken_by {by, player} (no break
effect of such a Summon or ability breaks it, FFTCG 1.3; damage still does: "cannot be broken by opposing Summons or
abilities that don't deal damage"), cannot_be_chosen {by: summons|abilities|any, player} (by what
the given player plays; no player: anyone's), delayed {when: a trigger, do: [effects…], this_turn} (`this_turn`: only if it happens this turn; one time, next event: of the chosen card, or a phase's beginning; an
effect of `do` with `on: self` is done to the card that made it, while still the same object; `ability`: what it does
is that whole ability — its cards chosen as it goes on the stack — instead of `do`; `kept`: `do` is done to each
chosen card, still the object it is on the field, at that phase's beginning this turn: "At the end of the turn, return
it to its owner's hand"; `repeat`: each such event, not
only the next: a granted auto ability, 'also becomes a Forward … and "When <self> attacks, …"'),
by_hand {text} (an ability the rules cannot carry out: its controller does `text` by hand, then answers Done;
engine/by_hand.py), replace_break {instead: remove_from_game|return_to_hand, put} (a one-shot making a replacement until
end of turn on the chosen cards; `put`: also when put from the field into the Break Zone without a break), replace_next_damage {instead: reduce|prevent, amount, by, player} (this turn, the next damage
dealt to each chosen Forward — by what `by` / `player` name, as a damage replacement's — is reduced by `amount`, or
none is dealt; used up by that damage, FFTCG 11.12.5),
remove_from_game / return_to_hand (replacement `instead`), select {player, filter, count, up_to} ("Your opponent selects 1
Forward they control.": that player picks `count` cards passing `filter` — on the field, or in the zone it names:
"Play 1 Forward from your hand onto the field" is a select from the hand then play_onto_field — as the effect
resolves, not a choice of targets; the effects after it are done to them), pay {cost: {cp, element, element_cp, elements, x}} ("you may pay
[1]": as it resolves, the controller picks cards to discard and Backups to dull paying it, FFTCG 11.2, or none: not
paid; `x: true`, "pay [X]": the controller first picks X, 0 not paying, FFTCG 4.5 — the X paid is the entry's X from
then on, and that of the ability a when_done after it triggers), remove_damage (all the damage on each affected Forward is taken away: "negate all damage dealt to it"),
prevent_damage {less_than_power, by, player} (this turn, damage dealt to each chosen Forward — by what `by` /
`player` name, as a damage replacement's; only damage less than its Power
with `less_than_power`, judged after the reductions as prevent_below_power is — is not dealt, FFTCG 11.12.5; not used
up), reveal_until {filter} (the controller turns over the top card of their deck one at a time until one passes the
filter: it goes to the hand, the others revealed are shuffled to the bottom of the deck; none passing, all of them go
there; FFTCG 7.6.1), divide_damage {amount, equally, unreducible} ("Divide 6000 damage among them as you like": the controller picks,
as it resolves, how the chosen Forwards still on the field share it in units of 1000, each 1000 or more; `equally`:
the same share each, rounded up to 1000), next_cost_change {amount, filter, floor} ("During this turn, the cost required to cast your next Summon is
reduced by 1 (it cannot become 0)": the next card passing `filter`, a filter of printed facts, the controller casts this
turn costs `amount` more — negative: less — but not below `floor` unless it already was; used up by that cast),
reveal_hand {player} (that player shows
their hand to both players: "Your opponent reveals their hand. Select 1 card from their hand. Your opponent discards
this card." is reveal_hand, a select from the opponent's hand, then discard), when_done {after: discard|damage|self_break|pay|moved|self_removed|mill|counters_removed|chosen_moved|dulled|removed_cards, count, do: an
ability} (`mill`: after "you may put the top 2 cards of your deck into the Break Zone", done when that many were;
`counters_removed`: after "you may remove 1 X Counter from <self>", done when it had them; `chosen_moved`: after
"Choose 1 Forward you control. Return it to its owner's hand.", done when the chosen card is no longer that object) (`removed_cards`: after a select of `count` cards in the Break Zone and their removal — "you may remove 2 Summons
in your Break Zone from the game. When you do so, …" — done when all `count` are in the Removed Zone) (`self_removed`: after "you may remove <self> from the game", done once it is in the Removed Zone) (`dulled`: after a select of `count` active cards you control and a dull — "you may dull 4 active Characters you
control. When you do so, …" — done when all of them were selected and are dull) (`moved`: after a select of 1 card you control and an effect moving it — "you may put 1 Backup you control into
the Break Zone. When you do so, …" — done when the selected card left the field) ("you may discard 1 card (`count`: all of them). When you do so, choose 1 Forward. Break it.": when the step before it was done —
the cards discarded, the damage received, the card itself put into the Break Zone — `do` triggers as a new auto
ability, its targets chosen as it goes on the stack, FFTCG 11.8).
A number (draw count, deal_damage/damage_player/power amount; a card's own cost_change) may be computed when the
effect resolves (the cost: when it is counted): {x: N} is N times the X paid, {count: FILTER} the number of field
cards passing the filter (those of the Break Zones when the filter says `zone: break`, not in a field ability's
Power), {damage_points: you|opponent} the points of damage that player has received, {hand_cards:
you|opponent} the cards in that player's hand, {counters_on_self: NAME} the counters of that name on the ability's card,
{paid_elements: true} the different Elements of the CP the card was cast with this turn (0 if not cast),
{removed_cost: true, times} the cost of the card the entry just removed from the top of the controller's deck, times
`times` ("for each CP required to play the removed card"; words.just_removed), {placed_before: true} the cards the step just before placed from the hand at the bottom of the deck ("Then, draw the
same number of cards"), {cast_this_turn: FILTER} the cards passing that filter of printed facts ({}: any) the player cast this turn ("for each card
you have cast this turn", turn_history), {highest_cost: FILTER} the highest printed cost among the field's cards passing
the filter, 0 with none ("for each CP required to cast the highest cost Dark Forward you control"), {power: self}
the current Power of the ability's own card while it is on the field as the object that used or triggered the ability
(none once it left: "Deal it damage equal to <self>'s power"), {power: it} the Power of each card it is done to (a
deal_damage: "Deal it damage equal to its power minus 1000"); `minus: N` subtracts, `plus: N` adds
after ("Deal it 3000 damage and 1000 more damage for each card in your opponent's hand"); `times: N`
multiplies, `divide: N` divides with fractions rounded up (FFTCG 4.2); `per: N` (before `times`) counts each whole N
cards once ("1000 damage for every 2 Forwards in your Break Zone"); `negative: true` makes it a loss (power) or a
reduction (cost_change).
fight {one_way, with} (two Forwards deal each other damage equal to their Power, at once, each the source of the damage
it deals, FFTCG 11.11.8: the cards of two target groups, "Each Forward deals damage equal to its power to the other" —
`one_way`: only the first group's to the second's, "The former deals damage equal to its power to the latter" — or,
`with: self`, the ability's own card and the chosen one, "<self> and the chosen Forward deal damage equal to their
respective power to the other"; a Forward gone from the field deals and is dealt none).
attacks_per_turn {count} (continuous: the Forward may declare that many attacks in one turn, each while it is active:
"<self> can attack twice in the same turn", FFTCG 10.1.2.1.2 widened by the text),
cast_free (after a select of Summons from the hand: each is cast without paying its cost, onto the stack, its targets
chosen as it goes there: "Cast 1 Summon of cost 3 or less from your hand without paying the cost", FFTCG 11.3),
blink {dull, at_end} (each chosen card on the field is removed from the game, then played onto its owner's field — dull if
`dull` — as a new object: "Remove it from the game. Then, play the removed Forward onto the field dull."; `at_end`: played
by its controller at the beginning of this turn's End Phase instead, if still in the Removed Zone, by a delayed ability:
"Remove it from the game. Play it onto the field at the end of the turn.", FFTCG 11.8.17, 9.5),
exclusive_with {names} (field, self: its player cannot play it while controlling a card of its name or of these names,
nor such a card while controlling it — read from its printed facts wherever it is: "You cannot play <self> or Card
Name X while already in control of either Character", FFTCG 7.7.3 widened by the text), also_is {names, type} (field, self: the card also has these Card Names and is also of that card type wherever it is —
hand, deck, Break Zone, field — read from its printed facts, FFTCG 1.3: "<self> is also Card Name X / a Monster in all
situations"), prevent_player_damage (this turn, the next damage its controller would take — N points at once — is not taken, used up
by it: "During this turn, the next damage dealt to you becomes 0 instead", FFTCG 11.12.5), attack_once_more (one-shot: the card may attack once more this turn, besides
what it may: "<self> can attack once more this turn"), must_be_chosen {by, player} (what such Summons or abilities of
that player choose must include the card when it could (FFTCG 11.11.5.1): "Summons and abilities of your opponent must
choose <self> if possible"), party_any_element {with} (field: the Forwards it applies to may attack in a Party whatever the Elements of the
other members, all of them passing `with` — a card filter, default any Forward —: "<self> can form a party with
Forwards of any Element", FFTCG 15.1.1.9.2 widened by the text), lose_keyword {keyword} (the card loses that keyword — granted before it or printed — while it lasts, timestamps
ordering it with grant_keyword, FFTCG 11.12.4.9: "It loses First Strike until the end of the turn"),
lose_abilities (lasting: the card loses its keywords and the abilities granted to it before, and its printed abilities
— field, auto, action, replacement — do not work, FFTCG 11.12.4: "It loses all its abilities until the end of the turn";
`while_source_on_field` with `duration: permanent`: only while the card that made it is on the field as that object,
"As long as <self> is on the field, it loses all its abilities"),
either {options: [[effects…], …]} (its controller picks one option as it resolves, FFTCG 11.11.5.1, and its effects
are done to the same cards: "Dull it or Freeze it", "Put it at the top or bottom of its owner's deck"; an option's
effects ask nothing: dull, freeze, activate, put_on_deck),
light_dark_many {element} (field: its controller may control several Light — or Dark — Characters, FFTCG 12.4.7
widened: "You can play 2 or more Light Characters onto the field"; light_dark.py), light_dark_ignored (field, self, read
in the hand: "<self> can be played onto the field even if you control other Light Characters"),
damage_increase {amount, taken, every} (lasting: the damage each chosen card deals to a Forward itself increases by
`amount`, "If it deals damage to a Forward this turn, the damage increases by 1000 instead", FFTCG 11.12.5; `taken`:
the damage dealt to each chosen Forward instead, "During this turn, the damage dealt to it is increased by 1000
instead", after the reductions; `every` with `taken`: to every Forward this turn, none chosen, "If a Forward receives
damage this turn, the damage increases by 1000 instead"), cancel (the chosen Summons on the stack are taken off it without resolving, their effect not done, and put into
their owners' Break Zones as a resolved Summon is, FFTCG 11.11.10: "Choose 1 Summon. Cancel its effect.").
shuffle_deck {player} shuffles the player's deck ("Shuffle your deck", FFTCG 7.3).
mill {count, player, removed} puts the top `count` cards of the player's deck into their Break Zone (FFTCG 7.3), or
removes them from the game with `removed` ("Remove the top 2 cards of your deck from the game").
select_number (its controller selects a number as it resolves — 0 up to the highest cost of the cards in the game, a
higher one doing what that does —; it is the entry's X from then on: "Select 1 number. Dull all the Forwards of that
cost.", an `all` of a later step with cost_at_most / cost_at_least {x: 1}; FFTCG 4.5, digest 3.5).
`player` is `you`, `opponent`, `each`, (cannot_be_chosen, cannot_be_dulled, cannot_be_broken_by lasting on chosen cards)
`card_opponent` (the opponent of each affected card's controller: 'It gains "This Character cannot be chosen by your
opponent's abilities."') or (discard) `chosen_controller` (the first chosen card's controller, its owner
once it left the field: "That Forward's controller discards 1 card") (draw, discard, damage_player, mill: the turn player chooses first,
then the other, then both act at once, FFTCG 6.1.4); default: you for draw and discard, opponent for
damage_player.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from tabletop.engine.vocabulary import ParamType, Vocabulary
from tabletop.games.fftcg.cards import ELEMENTS

_PLAIN = (int, str, list, type(None))  # what card data is besides dicts (mappings): none of them a mapping


def is_mapping(value: Any) -> TypeGuard[Mapping[str, Any]]:
    """Tell whether card data is a mapping (`isinstance(value, Mapping)`): a dict, a number, a string, a list or None
    is told without the ABC's check, a Python-level call asked hundreds of times a game."""
    return type(value) is dict or (not isinstance(value, _PLAIN) and isinstance(value, Mapping))


KINDS = ("resolve", "auto", "action", "special", "field", "replacement")
TRIGGERS = ("enters_field", "leaves_field", "broken", "put_into_break_zone", "attacks", "party_attacks",
            "attack_declared", "party_attack_declared", "blocks",
            "blocked", "dealt_damage", "chosen", "chosen_by_opponent", "chosen_by_opponent_ability",
            "deals_damage_to_player", "main_phase_start", "attack_phase_start", "end_phase_start", "summon_cast",
            "ex_burst_used", "damage_received", "discarded_by_effect", "party_dealt_damage", "card_cast",
            "returned_to_hand", "state")
PHASE_TRIGGERS = ("main_phase_start", "attack_phase_start", "end_phase_start")  # events that happen to no card
PLAYER_EVENTS = ("damage_received", "discarded_by_effect")  # events of a player (`of: {controller}` says whose)
CONDITIONS = ("backups_at_least", "forwards_at_least", "damage_at_least", "hand_at_most", "control", "your_turn",
              "hand_at_least", "opponent_hand_at_most", "opponent_damage_at_least", "opponent_control", "break_zone",
              "cast_this_turn", "entered_this_turn", "damaged_this_turn", "elements_among", "elements_differ",
              "paid_elements", "opponent_forwards_ahead", "damage_ahead",
              "opponent_hand_at_least", "self_power_at_least", "chosen_is", "its_cost_at_most", "control_each",
              "discarded", "made_discard_this_turn", "milled_alike", "power_below_self", "as_ex_burst", "removed_is")
# conditions read only as an effect resolves (a step's `if` / `unless`), not by condition_holds
RESOLVING_CONDITIONS = ("self_power_at_least", "chosen_is", "its_cost_at_most", "discarded", "milled_alike",
                        "power_below_self", "as_ex_burst", "removed_is")
# what a `control` condition's filter may read: printed facts, and whether a card on the field is dull
# (continuous._controls)
CONTROL_KEYS = ("type", "element", "job", "name", "category", "cost_at_most", "cost_at_least", "not_self", "at_least",
                "at_most", "any_of", "none_of", "dull")
FILTER_KEYS = ("type", "controller", "zone", "element", "job", "name", "category", "cost_at_most",
               "cost_at_least", "power_at_most", "power_at_least", "dull", "keyword", "not_self", "damaged",
               "attacking", "blocking", "any_of", "none_of", "entered_this_turn", "also")
# what each filter of `any_of` ("Job Samurai or Card Name Samurai") and `none_of` ("other than Card Name Cyan") reads
ALTERNATIVE_KEYS = ("type", "element", "job", "name", "category", "cost_at_least", "cost_at_most")
# filter keys that read the moment (damage, the current battle): only where cards are chosen or taken now
MOMENT_KEYS = ("damaged", "attacking", "blocking", "entered_this_turn")
TARGET_KEYS = FILTER_KEYS + ("count", "up_to")
COST_KEYS = ("cp", "element", "element_cp", "elements", "x", "dull", "break_self", "discard", "discard_of", "mill",
             "remove_top", "discard_self", "put_characters", "put_characters_of", "remove_break", "dull_characters",
             "dull_characters_of", "return_self", "remove_self", "remove_self_from_break", "remove_break_of",
             "remove_counters", "remove_characters", "remove_characters_of", "remove_counters_from",
             "remove_counters_from_of")
ABILITY_KEYS = ("kind", "effect", "trigger", "of", "condition", "damage", "optional", "ex_burst", "cost",
                "target", "all", "applies_to", "then", "duration", "name", "event", "instead", "only", "if", "unless",
                "counters_at_least", "damage_on_self_at_least", "from_break_zone", "group", "if_picked", "unless_paid",
                "entered_by", "if_done", "count_at_least", "due_to", "nth", "besides_chosen", "entered_from")
# keys of one effect step besides its word's parameters (see `then`, `if` / `unless`)
STEP_KEYS = ("effect", "duration", "on", "if", "unless", "group", "if_picked", "all", "unless_paid", "if_done",
             "besides_chosen")
USE_LIMITS = ("your_turn", "main_phase", "once_per_turn", "while_attacking", "while_blocking", "opponent_turn")

# The effect words with their own parameters' types (handlers: words.py; cost_change and choose_one have none:
# cost_change is read where costs are counted, choose_one is replaced by the chosen mode's effects).
VOCABULARY = Vocabulary("fftcg")
# A number an effect computes when it resolves (FFTCG 4.2, 4.5): {x: N} (N times the X paid with the cost),
# {count: FILTER} (the field's cards passing it), {damage_points: PLAYER}, with `times: N`, `divide: N` (a fraction
# rounded up) and `negative` (see the module docstring); {power: self} (the ability's own card's current Power).
VALUE: tuple[type, ...] = (int, dict)
VALUE_KEYS = ("x", "count", "damage_points", "hand_cards", "counters_on_self", "paid_elements", "power", "times",
              "divide", "negative", "minus", "plus", "per", "placed_before", "cast_this_turn", "highest_cost",
              "removed_cost")
# what a computed number counts: one of these (see number_of; placed_before: words.value_of)
VALUE_BASES = ("x", "count", "damage_points", "hand_cards", "counters_on_self", "paid_elements", "power",
               "placed_before", "cast_this_turn", "highest_cost", "removed_cost")
_WORDS: dict[str, dict[str, ParamType]] = {
    "draw": {"count": VALUE, "player": str},
    "deal_damage": {"amount": VALUE, "unreducible": bool},
    "damage_player": {"amount": VALUE, "player": str},
    "break": {"instead": str},
    "put_into_break": {},
    "dull": {},
    "activate": {},
    "freeze": {},
    "power": {"amount": VALUE},
    "set_power": {"value": int},
    "grant_keyword": {"keyword": str},
    "grant_job": {"job": str},
    "become_forward": {"power": int},
    "search": {"filter": dict, "count": int, "to": str, "dull": bool, "up_to": bool},
    "look_top": {"count": int, "reorder": bool, "bottom": int},
    "return_to_hand": {},
    "remove_from_game": {"while_source_on_field": bool},
    "put_on_deck": {"position": str},
    "mill": {"count": int, "player": str, "removed": bool},
    "reveal_top": {"count": int, "filter": dict, "take": int, "up_to": bool, "rest": str, "reveal": bool, "to": str},
    "play_onto_field": {"dull": bool},
    "add_counter": {"counter": str, "count": int},
    "remove_counter": {"counter": str, "count": int},
    "cost_change": {"amount": VALUE, "floor": int},
    "choose_one": {"modes": list, "more_if": dict, "more_from": int},
    "gain_control": {"while_source_on_field": bool, "player": str},
    "discard": {"count": int, "player": str, "filter": dict, "random": bool, "cost_as_x": bool},
    "discard_hand": {"player": str},
    "hand_to_deck_bottom": {"count": int, "up_to": bool},
    "cannot_attack": {},
    "cannot_block": {},
    "must_attack": {},
    "must_block": {},
    "cannot_be_blocked_by": {"cost_at_least": int},
    "cannot_be_chosen": {"by": str, "player": str},
    "cannot_be_dulled": {"by": str, "player": str},
    "cannot_be_broken_by": {"by": str, "player": str},
    "cannot_be_broken": {},
    "enters_dull": {},
    "stays_dull": {},
    "backup_cp_only": {},
    "any_element_cp": {"elements": list},
    "any_element_cost": {},
    "delayed": {"when": str, "do": list, "this_turn": bool, "ability": dict, "repeat": bool, "kept": bool},
    "replace_break": {"instead": str, "put": bool},
    "replace_next_damage": {"instead": str, "amount": int, "by": str, "player": str},
    "when_done": {"after": str, "count": int, "do": dict},
    "select": {"player": str, "filter": dict, "count": int, "up_to": bool},
    "reveal_hand": {"player": str},
    "divide_damage": {"amount": int, "equally": bool, "unreducible": bool},
    "reveal_until": {"filter": dict},
    "prevent_damage": {"less_than_power": bool, "by": str, "player": str},
    "remove_damage": {},
    "next_cost_change": {"amount": int, "filter": dict, "floor": int},
    "pay": {"cost": dict, "player": str},
    "by_hand": {"text": str},
    "fight": {"one_way": bool, "with": str},
    "cancel": {},
    "damage_increase": {"amount": int, "taken": bool, "every": bool},
    "either": {"options": list},
    "lose_abilities": {"while_source_on_field": bool},
    "lose_keyword": {"keyword": str},
    "party_any_element": {"with": dict},
    "also_is": {"names": list, "type": str},
    "exclusive_with": {"names": list},
    "attack_once_more": {},
    "prevent_player_damage": {},
    "must_be_chosen": {"by": str, "player": str},
    "blink": {"dull": bool, "at_end": bool},
    "cast_free": {},
    "light_dark_many": {"element": str},
    "shuffle_deck": {"player": str},
    "light_dark_ignored": {},
    "select_number": {},
    "attacks_per_turn": {"count": int},
}
for _word, _word_params in _WORDS.items():
    VOCABULARY.add(_word, None, **_word_params)
# effects that only make sense as field abilities or as effects lasting a duration
CONTINUOUS = ("power", "set_power", "grant_keyword", "lose_keyword", "grant_job", "become_forward", "cost_change", "cannot_attack", "cannot_block",
              "attacks_per_turn",
              "must_attack", "must_block", "cannot_be_blocked_by", "cannot_be_chosen", "cannot_be_broken", "enters_dull",
              "cannot_be_dulled", "stays_dull", "backup_cp_only", "any_element_cp", "any_element_cost",
              "cannot_be_broken_by", "light_dark_many", "light_dark_ignored", "party_any_element",
              "must_be_chosen", "also_is", "exclusive_with")
FIELD_ONLY = ("exclusive_with", "also_is", "party_any_element", "cost_change", "stays_dull", "backup_cp_only",
              "any_element_cp", "any_element_cost", "light_dark_many", "light_dark_ignored")
INSTEADS = ("remove_from_game", "return_to_hand")
ENTRY_INSTEADS = ("your_control",)
DAMAGE_INSTEADS = ("reduce", "prevent")
CHOOSERS = ("summons", "abilities", "any")
DEALERS = (*CHOOSERS, "forwards")
# (s6) the words whose `player: card_opponent` is each affected card's controller's opponent (a lasting grant in quotes)
CHOOSER_WORDS = ("cannot_be_chosen", "cannot_be_dulled", "cannot_be_broken_by")  # what deals damage a replacement names (actions.is_dealt_by)
EITHER_WORDS = ("dull", "freeze", "activate", "put_on_deck")  # what an `either` option may do (nothing it does asks a question)
WHEN_DONE_AFTER = ("discard", "damage", "self_break", "pay", "moved", "self_removed", "dulled", "mill", "counters_removed",
                   "chosen_moved", "removed_cards")  # the steps a "When you do so" may follow


def validate_effects(mapping: Mapping[str, Any]) -> list[str]:
    """Return every problem with a card mapping's `effects:` (empty when it fits the vocabulary)."""
    raw = mapping.get("effects")
    if raw is None:
        return []
    if not isinstance(raw, list):
        return ["'effects' must be a list"]
    summon = str(mapping.get("type", "")).lower() == "summon"
    problems: list[str] = []
    for index, ability in enumerate(raw):
        problems += _check_ability(f"effects[{index}]", ability, summon)
    return problems


def ability_kind(ability: Mapping[str, Any], summon: bool) -> str:
    """Return an ability's kind, with the defaults described in the module docstring."""
    if "kind" in ability:
        return str(ability["kind"])
    if "trigger" in ability:
        return "auto"
    return "resolve" if summon else "field"


def _check_ability(where: str, ability: Any, summon: bool) -> list[str]:
    if not isinstance(ability, Mapping):
        return [f"{where}: an ability is a mapping with 'effect'"]
    kind = ability_kind(ability, summon)
    damage_amount = ("amount", "in_party_with_self", "by", "player") if kind == "replacement" and ability.get(
        "event") in ("damage", "deals_damage") else ()
    problems = [f"{where}: unknown key {k!r}" for k in ability
                if k not in ABILITY_KEYS and k not in _params(ability) and k not in damage_amount]
    if kind not in KINDS:
        problems.append(f"{where}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    if kind == "auto" and ability.get("trigger") not in TRIGGERS:
        problems.append(f"{where}: trigger must be one of {', '.join(TRIGGERS)}, not {ability.get('trigger')!r}")
    if kind == "auto" and ability.get("trigger") == "state" and not ability.get("condition"):
        problems.append(f"{where}: a state-triggered ability needs a 'condition'")
    if kind == "special" and not ability.get("name"):
        problems.append(f"{where}: a special ability needs a 'name'")
    if kind == "replacement":
        event = ability.get("event", "break")
        allowed = {"break": INSTEADS, "enters_field": ENTRY_INSTEADS,
                   "damage": (*DAMAGE_INSTEADS, "prevent_below_power", "increase"),
                   "deals_damage": ("increase",)}.get(event)
        if allowed is None:
            problems.append(f"{where}: replacement event must be 'break', 'enters_field', 'damage' or 'deals_damage'")
        elif ability.get("instead") not in allowed:
            problems.append(f"{where}: a {event} replacement's 'instead' must be one of {', '.join(allowed)}")
        elif ability.get("instead") in ("reduce", "increase") and not (isinstance(ability.get("amount"), int)
                                                                       and ability["amount"] > 0):
            problems.append(f"{where}: a damage reduction or increase needs a positive 'amount'")
        applies = ability.get("applies_to")
        if applies is not None and applies != "self":
            problems += _check_filter(f"{where}.applies_to", applies, FILTER_KEYS)
        return problems + _check_dealer(where, ability)
    for key, allowed in (("cost", COST_KEYS),):
        value = ability.get(key)
        if value is not None:
            if not isinstance(value, Mapping):
                problems.append(f"{where}: {key!r} must be a mapping")
            else:
                problems += [f"{where}: {key} has no field {k!r}" for k in value if k not in allowed]
    only = ability.get("only")
    allowed_limits = (USE_LIMITS if kind in ("action", "special") else ("once_per_turn",) if kind == "auto" else
                      ("your_turn",) if kind == "resolve" else ())
    if only is not None and (not isinstance(only, list) or any(limit not in allowed_limits for limit in only)):
        problems.append(f"{where}: 'only' is a list of {', '.join(USE_LIMITS)} (action abilities), "
                        "[once_per_turn] (auto abilities) or [your_turn] (a Summon's effect: cast only in your turn)")
    if "nth" in ability and (ability.get("trigger") != "card_cast" or not isinstance(ability["nth"], int)):
        problems.append(f"{where}: 'nth' (a number) is of a card_cast ability")
    if ("count_at_least" in ability or "due_to" in ability) and (ability.get("trigger") != "discarded_by_effect" or (
            ability.get("due_to", "you") != "you") or not isinstance(ability.get("count_at_least", 1), int)):
        problems.append(f"{where}: 'count_at_least' (a number) and 'due_to: you' are of a discarded_by_effect ability")
    if "entered_from" in ability and (ability.get("trigger") != "enters_field" or ability["entered_from"] != "break"):
        problems.append(f"{where}: 'entered_from' is break, on an enters_field auto ability")
    if "entered_by" in ability and (ability.get("trigger") != "enters_field" or ability["entered_by"] not in (
            "cast", "effect")):
        problems.append(f"{where}: 'entered_by' is cast or effect, on an enters_field auto ability")
    needed = ability.get("counters_at_least")
    if needed is not None and (kind not in ("action", "special") or not isinstance(needed, Mapping)
                               or not needed.get("counter") or not isinstance(needed.get("count"), int)):
        problems.append(f"{where}: 'counters_at_least' is {{counter, count}}, on an action or special ability")
    if ability.get("from_break_zone") is not None and (kind not in ("action", "auto")
                                                       or ability["from_break_zone"] is not True):
        problems.append(f"{where}: 'from_break_zone' is true, on an action or auto ability")
    damaged = ability.get("damage_on_self_at_least")
    if damaged is not None and (kind not in ("action", "special") or isinstance(damaged, bool)
                                or not isinstance(damaged, int) or damaged <= 0):
        problems.append(f"{where}: 'damage_on_self_at_least' is a positive number, on an action or special ability")
    then = ability.get("then")
    then_steps: list[Any] = then if isinstance(then, list) else []
    for step_where, step in ((where, ability), *((f"{where}.then[{i}]", e) for i, e in enumerate(then_steps))):
        for key in ("if", "unless"):
            if isinstance(step, Mapping) and key in step:
                problems += _check_condition(f"{step_where}.{key}", step[key])
    if ability.get("condition") is not None:
        problems += _check_condition(f"{where}.condition", ability["condition"])
    cost = ability.get("cost")
    if isinstance(cost, Mapping):
        for key in ("cp", "element_cp", "discard", "mill", "remove_top", "put_characters", "remove_break",
                    "dull_characters", "remove_characters"):
            if key in cost and (isinstance(cost[key], bool) or not isinstance(cost[key], int) or cost[key] < 0):
                problems.append(f"{where}: cost {key!r} must be a whole number, 0 or more")
        if "element_cp" in cost and "element" not in cost:
            problems.append(f"{where}: cost 'element_cp' needs the 'element'")
        problems += _check_elements(f"{where}: cost 'elements'", cost)
        if "discard_of" in cost:
            problems += _check_filter(f"{where}.cost.discard_of", cost["discard_of"], CONTROL_KEYS)
            if not cost.get("discard"):
                problems.append(f"{where}: cost 'discard_of' needs 'discard' (how many cards)")
        for key in ("remove_counters", "remove_counters_from"):
            counters = cost.get(key)
            if counters is not None and (not isinstance(counters, Mapping) or not counters.get("counter")
                                         or not isinstance(counters.get("count"), int) or counters["count"] < 1):
                problems.append(f"{where}: cost {key!r} is {{counter, count}}, count 1 or more")
        if ("remove_counters_from" in cost) != ("remove_counters_from_of" in cost):
            problems.append(f"{where}: cost 'remove_counters_from' and 'remove_counters_from_of' go together")
        if "remove_counters_from_of" in cost:
            problems += _check_filter(f"{where}.cost.remove_counters_from_of", cost["remove_counters_from_of"],
                                      FILTER_KEYS)
        for key in ("put_characters", "dull_characters", "remove_characters"):
            if (key in cost) != (f"{key}_of" in cost):
                problems.append(f"{where}: cost {key!r} (how many) and '{key}_of' (which) go together")
            if f"{key}_of" in cost:
                problems += _check_filter(f"{where}.cost.{key}_of", cost[f"{key}_of"], CONTROL_KEYS)
        if sum(key in cost for key in ("put_characters", "dull_characters", "remove_characters", "remove_break")) > 1:
            # one UseAbility.cost_cards holds the cards of one of them
            problems.append(f"{where}: a cost picks Characters to put into the Break Zone, Characters to dull or Break "
                            "Zone cards to remove, one of them")
        if "x" in cost and cost["x"] is not True:
            problems.append(f"{where}: cost 'x' is true: the cost is 'cp' plus X CP, X chosen when it is used")
    for key in ("target", "all", "applies_to", "of"):
        value = ability.get(key)
        if key == "target" and value == "event" and not ability.get("trigger"):
            problems.append(f"{where}: 'target: event' (the card the event happened to) needs a trigger")
        elif key == "target" and isinstance(value, list):  # several target groups (target_groups.py)
            problems += _check_target_groups(where, value)
        elif value is not None and value != "self" and not (key == "target" and value == "event"):
            problems += _check_filter(f"{where}.{key}", value, TARGET_KEYS if key == "target" else FILTER_KEYS)
            if key in ("applies_to", "of") and isinstance(value, Mapping):
                problems += [f"{where}.{key}: {k!r} is read only where cards are chosen (target, all)"
                             for k in MOMENT_KEYS if k in value]
    if "damage" in ability and (isinstance(ability["damage"], bool) or not isinstance(ability["damage"], int)):
        problems.append(f"{where}: 'damage' (Damage N —) must be a whole number")
    if kind == "field" and ability.get("effect") not in CONTINUOUS:
        problems.append(f"{where}: a field ability's effect must be one of {', '.join(CONTINUOUS)}")
    if kind == "field" and isinstance(ability.get("amount"), Mapping) and not (
            ability.get("effect") == "cost_change" and ability.get("applies_to") == "self") and not (
            ability.get("effect") == "power" and counts_printed_facts(ability["amount"])):
        problems.append(f"{where}: a field ability's amount is a number (a computed one only in an effect that resolves, "
                        "a card's own cost change, and a power counting damage points or cards by printed facts)")
    if isinstance(ability.get("amount"), Mapping) and ability.get("amount", {}).get("negative") and ability.get(
            "effect") not in ("power", "cost_change"):
        problems.append(f"{where}: only a power or cost change is a computed loss ('negative')")
    if kind != "field" and ability.get("effect") in FIELD_ONLY:
        problems.append(f"{where}: {ability.get('effect')} works only as a field ability")
    problems += _check_effect(where, ability)
    then = ability.get("then", [])
    if not isinstance(then, list):
        problems.append(f"{where}: 'then' must be a list of effects")
    else:
        for index, effect in enumerate(then):
            if not isinstance(effect, Mapping):
                problems.append(f"{where}.then[{index}]: an effect is a mapping with 'effect'")
                continue
            problems += _check_effect(f"{where}.then[{index}]", effect)
            problems += [f"{where}.then[{index}]: unknown key {k!r}" for k in effect
                         if k not in (*STEP_KEYS, *_params(effect))]
            if effect.get("on", "self") != "self":
                problems.append(f"{where}.then[{index}]: 'on' can only be self")
            problems += _check_group(f"{where}.then[{index}]", ability, effect)
            if "all" in effect:
                problems += _check_filter(f"{where}.then[{index}].all", effect["all"], FILTER_KEYS)
    problems += _check_group(where, ability, ability)
    steps = [ability, *(e for e in (then if isinstance(then, list) else []) if isinstance(e, Mapping))]
    for step in steps:
        if step.get("effect") == "fight" and step.get("with", "self") != "self":
            problems.append(f"{where}: fight 'with' can only be self (the ability's own card)")
        elif step.get("effect") == "fight" and not (
                isinstance(ability.get("target"), Mapping) if step.get("with") else
                isinstance(ability.get("target"), list) and len(ability["target"]) == 2):
            problems.append(f"{where}: fight needs one chosen card ('with: self') or two target groups")
    return problems


def _check_target_groups(where: str, groups: list[Any]) -> list[str]:
    """Check a list of target groups: two or more target filters."""
    problems = [] if len(groups) >= 2 else [f"{where}: a list of targets has two groups or more (one group: a mapping)"]
    for index, group in enumerate(groups):
        problems += _check_filter(f"{where}.target[{index}]", group, TARGET_KEYS)
    return problems


def _check_group(where: str, ability: Mapping[str, Any], effect: Mapping[str, Any]) -> list[str]:
    """Check an effect's `group`: the index of one of the ability's target groups."""
    if "group" not in effect:
        return []
    groups = ability.get("target")
    group = effect["group"]
    if not isinstance(groups, list) or isinstance(group, bool) or not isinstance(group, int) or not (
            0 <= group < len(groups)):
        return [f"{where}: 'group' is the index of one of the ability's target groups (a list of targets)"]
    return []


def _check_condition(where: str, value: Any) -> list[str]:
    """Check a condition: a mapping of CONDITIONS, its `control` a filter of printed facts."""
    if not isinstance(value, Mapping):
        return [f"{where} must be a mapping"]
    problems = [f"{where} has no field {k!r}" for k in value if k not in CONDITIONS]
    if isinstance(value.get("its_cost_at_most"), Mapping):
        problems += _check_value(f"{where}.its_cost_at_most", value["its_cost_at_most"])
    for key in ("cast_this_turn", "entered_this_turn"):
        if isinstance(value.get(key), Mapping):
            problems += _check_filter(f"{where}.{key}", value[key], CONTROL_KEYS)
    for key in ("control", "opponent_control", "break_zone", "elements_among", "elements_differ", "chosen_is",
                "discarded", "removed_is"):
        if value.get(key) is not None:
            problems += _check_filter(f"{where}.{key}", value[key], CONTROL_KEYS)
    if value.get("milled_alike", "element") not in ("element", "type"):
        problems.append(f"{where}.milled_alike is element or type")
    each = value.get("control_each")
    if each is not None and (not isinstance(each, list) or not each):
        problems.append(f"{where}.control_each is a list of card filters")
    for index, one in enumerate(each if isinstance(each, list) else ()):
        problems += _check_filter(f"{where}.control_each[{index}]", one, CONTROL_KEYS)
    return problems


def _params(effect: Mapping[str, Any]) -> tuple[str, ...]:
    name = effect.get("effect")
    return VOCABULARY.params(name) if isinstance(name, str) and name in VOCABULARY else ()


def _check_effect(where: str, effect: Mapping[str, Any]) -> list[str]:
    name = effect.get("effect")
    if name not in VOCABULARY:
        return [f"{where}: unknown effect {name!r}"]
    problems = VOCABULARY.check_values(where, effect)
    for key in ("amount", "count"):
        if isinstance(effect.get(key), Mapping):
            problems += _check_value(f"{where}.{key}", effect[key])
    if "player" in effect and effect["player"] not in ("you", "opponent", "each", "chosen_controller", "card_opponent"):
        problems.append(f"{where}: 'player' must be you, opponent, each, chosen_controller or card_opponent")
    if effect.get("player") == "card_opponent" and name not in CHOOSER_WORDS:
        problems.append(f"{where}: only {', '.join(CHOOSER_WORDS)} read card_opponent")
    if effect.get("player") == "chosen_controller" and name != "discard":
        problems.append(f"{where}: only discard is done by the chosen card's controller")
    if effect.get("player") == "each" and name not in ("draw", "discard", "damage_player", "mill"):
        problems.append(f"{where}: only draw, discard, damage_player and mill can be done by each player")
    if name in ("cannot_be_chosen", "cannot_be_dulled", "cannot_be_broken_by", "must_be_chosen") and effect.get("by", "any") not in CHOOSERS:
        problems.append(f"{where}: {name} 'by' must be one of {', '.join(CHOOSERS)}")
    if name == "break" and "instead" in effect and effect["instead"] not in INSTEADS:
        problems.append(f"{where}: break 'instead' must be one of {', '.join(INSTEADS)}")
    if "duration" in effect and effect["duration"] not in ("turn", "permanent", "opponent_turn"):
        problems.append(f"{where}: 'duration' must be turn, permanent or opponent_turn")
    if name in ("grant_keyword", "lose_keyword") and effect.get("keyword") not in ("brave", "haste", "first_strike"):
        problems.append(f"{where}: {name} needs keyword brave, haste or first_strike")
    if name == "choose_one" and "more_if" in effect:
        problems += _check_condition(f"{where}.more_if", effect["more_if"])
        if not isinstance(effect.get("more_from"), int) or not 1 <= effect["more_from"] < len(effect.get("modes") or []):
            problems.append(f"{where}: choose_one 'more_from' is the index of its first mode needing 'more_if'")
    if name == "choose_one":
        modes = effect.get("modes")
        if not isinstance(modes, list) or len(modes) < 2:
            problems.append(f"{where}: choose_one needs 'modes', a list of at least two effect lists")
        else:
            for m, mode in enumerate(modes):
                for e, sub in enumerate(mode if isinstance(mode, list) else [mode]):
                    if not isinstance(sub, Mapping):
                        problems.append(f"{where}.modes[{m}][{e}]: an effect is a mapping")
                        continue
                    problems += _check_effect(f"{where}.modes[{m}][{e}]", sub)
                    for key in ("target", "all"):
                        if key == "target" and key in sub and e > 0:  # a later effect's `all`: see `then`
                            problems.append(f"{where}.modes[{m}][{e}]: only a mode's first effect chooses its cards")
                        elif key == "target" and isinstance(sub.get(key), list):
                            problems += _check_target_groups(f"{where}.modes[{m}]", sub[key])
                        elif key in sub and sub[key] != "self":
                            problems += _check_filter(f"{where}.modes[{m}].{key}", sub[key],
                                                      TARGET_KEYS if key == "target" else FILTER_KEYS)
    if name == "either":
        options = effect.get("options")
        if not isinstance(options, list) or len(options) < 2 or any(
                not isinstance(option, list) or not option or any(
                    not isinstance(sub, Mapping) or sub.get("effect") not in EITHER_WORDS for sub in option)
                for option in options):
            problems.append(f"{where}: either needs 'options', two or more lists of {', '.join(EITHER_WORDS)}")
    if name == "delayed":
        if effect.get("when") not in TRIGGERS:
            problems.append(f"{where}: delayed needs 'when', a trigger ({', '.join(TRIGGERS)})")
        if isinstance(effect.get("ability"), Mapping):
            problems += _check_ability(f"{where}.ability", {**effect["ability"], "trigger": effect.get("when")}, False)
        for e, sub in enumerate(effect.get("do") or []):
            if not isinstance(sub, Mapping):
                problems.append(f"{where}.do[{e}]: an effect is a mapping")
            else:
                problems += _check_effect(f"{where}.do[{e}]", sub)
    if name == "pay":
        cost = effect.get("cost")
        if not isinstance(cost, Mapping) or not (cost.get("cp") or cost.get("x")) or set(cost) - {
                "cp", "element", "element_cp", "elements", "x"}:
            problems.append(f"{where}: pay needs a 'cost' of CP (cp, element, element_cp, elements, x)")
        else:
            problems += _check_elements(f"{where}: pay cost 'elements'", cost)
    if name == "reveal_hand" and effect.get("player") not in ("you", "opponent"):
        problems.append(f"{where}: reveal_hand 'player' must be you or opponent")
    if name == "select":
        if effect.get("player") not in ("you", "opponent"):
            problems.append(f"{where}: select 'player' must be you or opponent")
        problems += _check_filter(f"{where}.filter", effect.get("filter"), FILTER_KEYS)
    if name == "search" and effect.get("to", "hand") not in ("hand", "field", "break", "top"):
        problems.append(f"{where}: search 'to' must be hand, field, break or top")
    if name == "also_is" and (not all(isinstance(n, str) and n for n in effect.get("names", ())) or effect.get(
            "type", "monster") not in ("forward", "backup", "monster") or not (effect.get("names") or effect.get("type"))):
        problems.append(f"{where}: also_is needs 'names' (Card Names) and/or a Character 'type'")
    if name == "party_any_element" and "with" in effect:
        problems += _check_filter(f"{where}.with", effect["with"], FILTER_KEYS)
    if name in ("search", "discard", "reveal_until") and "filter" in effect:
        problems += _check_filter(f"{where}.filter", effect["filter"], FILTER_KEYS)
    if "if_done" in effect and effect["if_done"] not in WHEN_DONE_AFTER:
        problems.append(f"{where}: 'if_done' must be one of {', '.join(WHEN_DONE_AFTER)}")
    if name == "when_done":
        if effect.get("after") not in WHEN_DONE_AFTER:
            problems.append(f"{where}: when_done 'after' must be one of {', '.join(WHEN_DONE_AFTER)}")
        if isinstance(effect.get("do"), Mapping):
            problems += _check_ability(f"{where}.do", effect["do"], True)
    if name in ("replace_next_damage", "prevent_damage"):
        problems += _check_dealer(where, effect)
    if name == "replace_next_damage" and (effect.get("instead") not in DAMAGE_INSTEADS or (
            effect.get("instead") == "reduce" and not int(effect.get("amount") or 0) > 0)):
        problems.append(f"{where}: replace_next_damage is 'instead: prevent' or 'instead: reduce' with a positive amount")
    if name == "replace_break" and effect.get("instead") not in INSTEADS:
        problems.append(f"{where}: replace_break 'instead' must be one of {', '.join(INSTEADS)}")
    if name == "reveal_top":
        if effect.get("to", "hand") not in ("hand", "field"):
            problems.append(f"{where}: reveal_top 'to' must be hand or field")
        if effect.get("rest", "bottom") not in ("bottom", "break", "top"):
            problems.append(f"{where}: reveal_top 'rest' must be bottom, break or top")
        if "filter" in effect:
            problems += _check_filter(f"{where}.filter", effect["filter"], FILTER_KEYS)
    if name == "any_element_cp" and "elements" in effect and (not effect["elements"] or any(
            e not in ELEMENTS for e in effect["elements"])):
        problems.append(f"{where}: any_element_cp 'elements' is a list of Elements ({', '.join(ELEMENTS)})")
    if name == "put_on_deck" and effect.get("position", "bottom") not in ("top", "bottom"):
        problems.append(f"{where}: put_on_deck 'position' must be top or bottom")
    if name == "light_dark_many" and effect.get("element") not in ("light", "dark"):
        problems.append(f"{where}: light_dark_many 'element' must be light or dark")
    if name in ("add_counter", "remove_counter") and not effect.get("counter"):
        problems.append(f"{where}: {name} needs the counter name (counter)")
    return problems


def _check_dealer(where: str, replacing: Mapping[str, Any]) -> list[str]:
    """Check a damage replacement's `by` (what deals the damage, DEALERS) and `player` (only `opponent`)."""
    problems = []
    if "by" in replacing and replacing["by"] not in DEALERS:
        problems.append(f"{where}: a damage replacement's 'by' must be one of {', '.join(DEALERS)}")
    if "player" in replacing and (replacing["player"] != "opponent" or "by" not in replacing):
        problems.append(f"{where}: a damage replacement's 'player' is opponent, with 'by'")
    return problems


def counts_printed_facts(value: Mapping[str, Any]) -> bool:
    """Tell whether a computed number reads only what field abilities may read without a loop: damage points, or
    cards counted by printed facts (no Power, no keyword). Characters and cards of a Job, Category or name whatever
    their type count too: "becomes a Forward" makes no card a Character; Forwards count as in a `control` condition
    (s6): the printed ones and those a lasting effect made Forwards, not those a field ability makes (that would loop;
    continuous.number_of)."""
    if "damage_points" in value:
        return True
    counted = value.get("count")
    kinds = counted.get("type") if isinstance(counted, Mapping) else None
    return (isinstance(counted, Mapping) and set(counted) <= {"type", "element", "job", "name", "category",
                                                               "cost_at_most", "cost_at_least", "controller", "not_self"}
            and (kinds in ("forward", "backup", "monster", "summon", "character") or (
                kinds is None and bool({"job", "category", "name"} & set(counted)))))


def _check_value(where: str, value: Mapping[str, Any]) -> list[str]:
    """Check a number computed when the effect resolves (see VALUE_KEYS)."""
    problems = [f"{where}: unknown value key {k!r}" for k in value if k not in VALUE_KEYS]
    if sum(key in value for key in VALUE_BASES) != 1:
        problems.append(f"{where}: a computed number gives one of {', '.join(VALUE_BASES)}")
    if value.get("power", "self") not in ("self", "it"):
        problems.append(f"{where}: 'power' is self (the ability's own card) or it (each card the effect is done to)")
    for key in ("damage_points", "hand_cards"):
        if value.get(key, "you") not in ("you", "opponent"):
            problems.append(f"{where}: {key!r} is you or opponent")
    if "plus" in value and (isinstance(value["plus"], bool) or not isinstance(value["plus"], int)):
        problems.append(f"{where}: 'plus' must be a whole number")
    for key in ("x", "times", "divide", "per"):
        if key in value and (isinstance(value[key], bool) or not isinstance(value[key], int) or value[key] < 1):
            problems.append(f"{where}: {key!r} must be a whole number, 1 or more")
    if "count" in value:
        problems += _check_filter(f"{where}.count", value["count"], FILTER_KEYS)
    for key, allowed in (("cast_this_turn", CONTROL_KEYS), ("highest_cost", FILTER_KEYS)):
        if key in value:
            problems += _check_filter(f"{where}.{key}", value[key], allowed)
    return problems


def _check_elements(where: str, cost: Mapping[str, Any]) -> list[str]:
    """Check a cost of several elements: `elements` maps each element to the CP of it needed (FFTCG 11.6.2.1)."""
    if "elements" not in cost:
        return []
    value = cost["elements"]
    if "element" in cost:
        return [f"{where} and 'element' cannot both be given"]
    if not isinstance(value, Mapping) or not value:
        return [f"{where} maps each element to its CP ({{fire: 1, water: 1}})"]
    problems = [f"{where}: unknown element {e!r}" for e in value if e not in ELEMENTS]
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in value.values()):
        problems.append(f"{where}: each element needs a whole number of CP, 1 or more")
    elif sum(value.values()) > int(cost.get("cp", 0)):
        problems.append(f"{where} need more CP than the cost's 'cp'")
    return problems


def _check_filter(where: str, value: Any, allowed: tuple[str, ...]) -> list[str]:
    if not isinstance(value, Mapping):
        return [f"{where}: a card filter is a mapping (or 'self')"]
    problems = [f"{where}: unknown filter key {k!r}" for k in value if k not in allowed]
    kinds = value.get("type")
    for kind in (kinds if isinstance(kinds, list) else [] if kinds is None else [kinds]):
        if kind not in ("forward", "backup", "monster", "summon", "character"):
            problems.append(f"{where}: type must be forward, backup, monster, summon or character (or a list of them)")
    if value.get("controller", "any") not in ("you", "opponent", "any"):
        problems.append(f"{where}: controller must be you, opponent or any")
    if value.get("zone", "field") not in ("field", "hand", "break", "stack"):
        problems.append(f"{where}: zone must be field, hand, break or stack")
    for key in ("any_of", "none_of"):
        if key not in value:
            continue
        if not isinstance(value[key], list) or not value[key]:
            problems.append(f"{where}: {key} is a list of card filters")
            continue
        for index, one in enumerate(value[key]):
            problems += _check_filter(f"{where}.{key}[{index}]", one, ALTERNATIVE_KEYS)
    return problems


def with_mode(ability: Mapping[str, Any], mode: int | None) -> Mapping[str, Any]:
    """Return the ability as played with a mode chosen ("select 1 of the N following actions", FFTCG 11.3.3): when its
    first effect is choose_one, the chosen mode's effects take its place, and the cards the mode chooses (its first
    effect's `target` or `all`) are the ability's. Otherwise (no mode yet, choose_one later on) the ability itself."""
    if mode is None or ability.get("effect") != "choose_one" or not 0 <= mode < len(ability.get("modes") or ()):
        return ability
    chosen = ability["modes"][mode]
    steps = [dict(e) for e in (chosen if isinstance(chosen, list) else [chosen])]
    first, rest = steps[0], steps[1:]
    played = {k: v for k, v in ability.items() if k not in ("effect", "modes", "then") and k not in _params(ability)}
    played.update(first)
    then = rest + [dict(e) for e in ability.get("then", [])]
    if then:
        played["then"] = then
    return played


def has_mode_targets(ability: Mapping[str, Any]) -> bool:
    """Tell whether an ability's modes choose their own cards (then its mode is chosen before its targets)."""
    return ability.get("effect") == "choose_one" and any(
        isinstance(mode, list) and mode and isinstance(mode[0], Mapping) and ("target" in mode[0] or "all" in mode[0])
        for mode in ability.get("modes") or ())


def effect_steps(ability: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Return the effects an ability does in order: its own `effect` then its `then` list."""
    params = _params(ability)  # asked once, not for each key
    first = {k: v for k, v in ability.items() if k in STEP_KEYS or k in params}
    return [first, *[dict(e) for e in ability.get("then", [])]]


X_COSTS = ("cost_at_most", "cost_at_least")  # the filter keys that may read the X paid ({x: N}: N times X)


def with_paid_x(step: Mapping[str, Any], x: int) -> Mapping[str, Any]:
    """Return a step whose `filter` or `all` reads the X paid or the number selected ("search for 1 Forward of cost X
    or less", "Dull all the Forwards of that cost") with that X in its place (FFTCG 4.5); any other step as it is."""
    for key in ("filter", "all"):
        wanted = step.get(key)
        if is_mapping(wanted) and any(is_mapping(wanted.get(cost)) for cost in X_COSTS):
            step = {**step, key: {name: int(value["x"]) * x if name in X_COSTS and is_mapping(value) else value
                                  for name, value in wanted.items()}}
    return step
