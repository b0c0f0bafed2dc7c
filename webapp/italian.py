"""The Italian of every text the app shows, keyed by its English (see ``i18n``)."""

TEXTS: dict[str, str] = {
    # pages and buttons
    "Burraco scorer": "Segnapunti Burraco",
    "Evening": "Serata",
    "The evening": "La serata",
    "The evening so far": "La serata finora",
    "Look only. To score, scan the table's QR code or enter its PIN:":
        "Solo lettura. Per segnare i punti inquadra il QR del tavolo o scrivi il suo PIN:",
    "Join": "Entra",
    "Something is not right": "Qualcosa non va",
    "Back to the table": "Torna al tavolo",
    "Back to the game": "Torna alla partita",
    "Game in progress": "Partita in corso",
    "Welcome to the table": "Benvenuti al tavolo",
    "No game yet tonight.": "Nessuna partita stasera, per ora.",
    "New game": "Nuova partita",
    "Open on a phone": "Apri sul telefono",
    "This code carries the table's key: phones that scan it can score.":
        "Questo codice porta la chiave del tavolo: i telefoni che lo inquadrano possono segnare i punti.",
    "This code opens the page to look only.": "Questo codice apre la pagina in sola lettura.",
    "Start a new evening": "Inizia una nuova serata",
    "name (optional)": "nome (facoltativo)",
    "New evening": "Nuova serata",
    "Players (2, 3 or 4)": "Giocatori (2, 3 o 4)",
    "Player {n}": "Giocatore {n}",
    "optional": "facoltativo",
    "Teams with 4 players": "Coppie con 4 giocatori",
    "1 and 3 against 2 and 4": "1 e 3 contro 2 e 4",
    "1 and 2 against 3 and 4": "1 e 2 contro 3 e 4",
    "1 and 4 against 2 and 3": "1 e 4 contro 2 e 3",
    "Rules": "Regole",
    "Rule values (change any to make a custom profile)":
        "Valori delle regole (cambiane uno per creare un regolamento personalizzato)",
    "Name of the custom profile": "Nome del regolamento personalizzato",
    "End of the game": "Fine della partita",
    "as the rules say": "come da regolamento",
    "first to 1005": "ai 1005 punti",
    "first to 2005": "ai 2005 punti",
    "first to another target": "a un altro punteggio",
    "a number of hands": "a numero di smazzate",
    "one hand": "una sola smazzata",
    "Points or hands": "Punti o smazzate",
    "Start the game": "Inizia la partita",
    "Game": "Partita",
    "End": "Fine",
    "first to {n}": "ai {n} punti",
    "{n} hands": "{n} smazzate",
    "The game is over: a tie.": "La partita è finita: pareggio.",
    "The game is over: {name} won.": "La partita è finita: ha vinto {name}.",
    "Score hand {n}": "Segna la smazzata {n}",
    "Type the totals from a paper sheet": "Scrivi i totali dal foglio di carta",
    "Hands": "Smazzate",
    "sheet": "foglio",
    "Undo hand {n}?": "Annullare la smazzata {n}?",
    "Undo the last hand": "Annulla l'ultima smazzata",
    "No hand yet.": "Ancora nessuna smazzata.",
    "Paper sheet": "Foglio di carta",
    "Hand {n} from a paper sheet": "Smazzata {n} dal foglio di carta",
    "points, e.g. 340 or -120": "punti, es. 340 o -120",
    "Save the hand": "Salva la smazzata",
    "Players": "Giocatori",
    "Player": "Giocatore",
    "Points": "Punti",
    "Games won": "Partite vinte",
    "Teams": "Coppie",
    "Team": "Coppia",
    "Games": "Partite",
    "tie": "pareggio",
    "won by {name}": "vinta da {name}",
    "in progress": "in corso",
    "Hand {n}": "Smazzata {n}",
    "Who played alone": "Chi ha giocato da solo",
    "Photo of the melds": "Foto dei giochi",
    "Photo of the hand": "Foto della mano",
    "Melds": "Giochi",
    "New meld": "Nuovo gioco",
    "Cards left in hand": "Carte rimaste in mano",
    "No cards left": "Nessuna carta in mano",
    "Card in hand": "Carta in mano",
    "Pozzetto": "Pozzetto",
    "taken": "preso",
    "not taken (-100)": "non preso (-100)",
    "taken late (last discard)": "preso in ritardo (ultimo scarto)",
    "Who closed": "Chi ha chiuso",
    "nobody (the stock ran out)": "nessuno (tallone finito)",
    "Save it anyway, with its errors": "Salvala lo stesso, con i suoi errori",
    "Confirm the hand": "Conferma la smazzata",
    "Change": "Cambia",
    "Delete": "Togli",
    "Split here": "Dividi qui",
    "Wild stands for…": "La matta vale…",
    "Move to": "Sposta in",
    "Joker": "Jolly",
    "Done": "Fatto",
    # the rule values
    "joker_value": "valore del jolly",
    "pinella_value": "valore della pinella",
    "ace_value": "valore dell'asso",
    "high_value": "valore da 8 a K",
    "low_value": "valore da 3 a 7",
    "burraco_pulito": "burraco pulito",
    "burraco_semipulito": "burraco semipulito (vuoto: conta come sporco)",
    "burraco_sporco": "burraco sporco",
    "closing_bonus": "chiusura",
    "pozzetto_penalty": "pozzetto non preso (penalità)",
    "groups_of_twos": "tris di pinelle ammessi",
    "ace_both_ends": "asso ai due capi della stessa scala",
    "late_pozzetto_is_penalised": "pozzetto preso in ritardo: penalità",
    "may_close_without_pozzetto": "si può chiudere senza pozzetto (a pozzetti finiti)",
    # the published profiles
    "Italian standard (FIBUR): semipulito 150, first to 1005 or 2005":
        "Standard italiano (FIBUR): semipulito 150, ai 1005 o 2005 punti",
    "SocialBurraco: 2 or 4 players, 1 to 6 hands, no semipulito":
        "SocialBurraco: 2 o 4 giocatori, da 1 a 6 smazzate, niente semipulito",
    "VIP Games: first to a target such as 1000, ace at both ends":
        "VIP Games: a un punteggio come 1000, asso ai due capi",
    "classic online rules: 2 or 4 players, a late pozzetto still costs 100":
        "regole classiche online: 2 o 4 giocatori, il pozzetto preso in ritardo costa comunque 100",
    "Giochi del Re: 2 or 4 players, joker 50, pinella 10, one hand, a tie is possible":
        "Giochi del Re: 2 o 4 giocatori, jolly 50, pinella 10, una smazzata, pareggio possibile",
    # messages
    "Write the names of 2, 3 or 4 players.": "Scrivi i nomi di 2, 3 o 4 giocatori.",
    "A player's name can be at most 40 characters long.": "Il nome di un giocatore può avere al massimo 40 caratteri.",
    "'{key}' must be a whole number, got {text}": "'{key}' deve essere un numero intero, non {text}",
    "Choose how the game ends.": "Scegli come finisce la partita.",
    "Write the points to reach or the number of hands.": "Scrivi i punti da raggiungere o il numero di smazzate.",
    "The game has changed meanwhile: nothing was undone. Look again before undoing.":
        "Nel frattempo la partita è cambiata: Nulla è stato annullato. Ricontrolla prima di annullare.",
    "Hand {n} undone: it is open again to fix and confirm.":
        "Smazzata {n} annullata: è di nuovo aperta da correggere e confermare.",
    "Hand {n} was already saved from another phone.": "La smazzata {n} era già stata salvata da un altro telefono.",
    "Hand {n} saved.": "Smazzata {n} salvata.",
    "Write each side's points as a whole number, such as 340 or -120.":
        "Scrivi i punti di ciascuno come numero intero, per esempio 340 o -120.",
    "The game is over: start a new game to play another hand.":
        "La partita è finita: inizia una nuova partita per giocare un'altra smazzata.",
    "The change did not arrive whole: try again.": "La modifica non è arrivata intera: riprova.",
    "Another phone changed this hand: here is its version.":
        "Un altro telefono ha cambiato questa smazzata: ecco la sua versione.",
    "Another phone changed this hand: look at it again before confirming.":
        "Un altro telefono ha cambiato questa smazzata: ricontrollala prima di confermare.",
    "The hand was not saved: {why}": "La smazzata non è stata salvata: {why}",
    "Say whose photo it is and whether it shows melds or a hand.":
        "Indica di chi è la foto e se mostra i giochi o la mano.",
    "Choose a photo first.": "Prima scegli una foto.",
    "This file is not a photo: JPEG, PNG, WebP or HEIC expected.":
        "Questo file non è una foto: servono JPEG, PNG, WebP o HEIC.",
    "This photo cannot be read: {why}.": "Questa foto non si può leggere: {why}.",
    "Too many phones are changing this hand at once: try again.":
        "Troppi telefoni stanno cambiando questa smazzata insieme: riprova.",
    "The card reader is not installed yet (its trained models are missing): enter the cards from the grid instead.":
        "Il lettore di carte non è ancora installato (mancano i modelli addestrati): inserisci le carte dalla griglia.",
    "The card reader cannot start ({why}): enter the cards from the grid instead.":
        "Il lettore di carte non parte ({why}): inserisci le carte dalla griglia.",
    "This device can look but not change anything: scan the table's QR code or enter its PIN.":
        "Questo dispositivo può guardare ma non cambiare nulla: inquadra il QR del tavolo o scrivi il suo PIN.",
    "Too many wrong PINs: wait a minute and try again.": "Troppi PIN sbagliati: aspetta un minuto e riprova.",
    "This device can now score the game.": "Ora questo dispositivo può segnare i punti.",
    "This link does not carry the table's key: scan the QR code again or enter the PIN.":
        "Questo link non porta la chiave del tavolo: inquadra di nuovo il QR o scrivi il PIN.",
    "Wrong PIN: it is printed where the app was started.": "PIN sbagliato: è scritto dove è stata avviata l'app.",
    "No game has been played yet tonight.": "Stasera non si è ancora giocata nessuna partita.",
    "A new evening has started.": "È iniziata una nuova serata.",
    "This page had expired or came from another site: reload it and try again.":
        "La pagina era scaduta o veniva da un altro sito: ricaricala e riprova.",
    "The file is too large: the limit is {mb} MB.": "Il file è troppo grande: il limite è {mb} MB.",
    "Not found: it may have been deleted.": "Non trovato: forse è stato cancellato.",
    "This address cannot be used that way.": "Questo indirizzo non si usa così.",
    # the messages of the rules engine and of the card reader (``engine.text.Text`` templates)
    "{c0} or {c1}": "{c0} o {c1}",
    "{c0} or {c1} or {c2}": "{c0} o {c1} o {c2}",
    "{c0} and {c1}": "{c0} e {c1}",
    "meld {n} ({cards})": "gioco {n} ({cards})",
    "the hand has errors; fix them or record it anyway: {problems}":
        "la smazzata ha degli errori: correggili o salvala lo stesso: {problems}",
    "a meld needs at least 3 cards, this one has {n}": "un gioco ha bisogno di almeno 3 carte, questo ne ha {n}",
    "cards not laid in sequence order; read as {cards}": "carte non posate in ordine di scala; lette come {cards}",
    "cards not laid in sequence order; read as {cards}, a {burraco} burraco":
        "carte non posate in ordine di scala; lette come {cards}, burraco {burraco}",
    "these cards form neither a sequence nor a group": "queste carte non formano né una scala né un tris",
    "two wild cards ({cards}): only one card may act as wild": "due matte ({cards}): una sola carta può fare da matta",
    "two wild cards ({cards}) in one group: only one card may act as wild":
        "due matte ({cards}) nello stesso tris: una sola carta può fare da matta",
    "a meld needs natural cards besides its wild": "un gioco ha bisogno di carte naturali oltre alla matta",
    "no natural card, only wild cards ({cards}): a meld needs natural cards, and only one card may act as wild":
        "nessuna carta naturale, solo matte ({cards}): un gioco ha bisogno di carte naturali, e una sola carta "
        "può fare da matta",
    "groups of 2s are not allowed under the {profile} rules": "i tris di 2 non sono ammessi con le regole {profile}",
    "these cards do not form a group of {rank}s": "queste carte non formano un tris di {rank}",
    "{wild} stands for {role}, which does not belong in a group of {rank}s":
        "{wild} vale {role}, che non può stare in un tris di {rank}",
    "mixed suits: {a} and {b} cannot be in one sequence, and cards of different ranks cannot form a group":
        "semi diversi: {a} e {b} non possono stare nella stessa scala, e carte di valore diverso non formano un tris",
    "{ace} at both ends: under the {profile} rules the ace goes below the 2 or above the K, not both "
    "(a sequence holds at most 13 cards)":
        "{ace} a entrambi i capi: con le regole {profile} l'asso va sotto il 2 o sopra il K, non da tutte e due "
        "le parti (una scala ha al massimo 13 carte)",
    "{card} appears twice: a sequence holds each card once":
        "{card} compare due volte: in una scala ogni carta c'è una volta sola",
    "a sequence can hold at most {most} cards, this one has {n}":
        "una scala può avere al massimo {most} carte, questa ne ha {n}",
    "a sequence does not go round the corner: {k}, {a} and {two} cannot follow each other":
        "una scala non gira dal K al 2: {k}, {a} e {two} non possono stare di seguito",
    "{wild} stands for {role}, which is not of this sequence's suit":
        "{wild} vale {role}, che non è del seme di questa scala",
    "gap between {between}: filling it needs {n} wild cards ({cards}), and a meld may hold only one":
        "buco tra {between}: per riempirlo servono {n} matte ({cards}), e un gioco può averne una sola",
    "gaps between {between}: filling them needs {n} wild cards ({cards}), and a meld may hold only one":
        "buchi tra {between}: per riempirli servono {n} matte ({cards}), e un gioco può averne una sola",
    "gap between {between} ({card}) with no wild card to fill it":
        "buco tra {between} ({card}) senza una matta che lo riempia",
    "{wild} stands for {role}, which does not fill the gap between {between} ({card})":
        "{wild} vale {role}, che non riempie il buco tra {between} ({card})",
    "{wild} stands for {role}, which does not fit next to {first}…{last}: it could stand for {ends}":
        "{wild} vale {role}, che non sta accanto a {first}…{last}: potrebbe valere {ends}",
    "{meld} is not valid: {reason}; its cards count at face value with no bonus":
        "{meld} non è valido: {reason}; le sue carte contano per il loro valore, senza premio",
    "{meld}: {note}": "{meld}: {note}",
    "{n} separate groups of {rank}s: a team may hold only one group of each rank":
        "{n} tris di {rank} separati: una coppia può avere un solo tris per ogni valore",
    "team {team!r} closed without having taken its pozzetto":
        "la coppia {team!r} ha chiuso senza aver preso il pozzetto",
    "team {team!r} closed without having taken its pozzetto (allowed once no pozzetto is left; "
    "the penalty still applies)":
        "la coppia {team!r} ha chiuso senza aver preso il pozzetto (ammesso quando i pozzetti sono finiti; "
        "la penalità resta)",
    "team {team!r} closed without a burraco": "la coppia {team!r} ha chiuso senza un burraco",
    "{player!r} closed, so no card is left in their hand, but it lists {cards}":
        "{player!r} ha chiuso, quindi non ha più carte in mano, ma la sua mano elenca {cards}",
    "team {team!r} closed, so its pozzetto cannot have been taken late":
        "la coppia {team!r} ha chiuso, quindi il suo pozzetto non può essere stato preso in ritardo",
    "more than one team is marked as closing: {teams}": "più di una coppia risulta aver chiuso: {teams}",
    "{n} jokers across the melds and hands, but only {limit} exist in two decks":
        "{n} jolly tra giochi e mani, ma due mazzi ne hanno solo {limit}",
    "{n} {card} cards across the melds and hands, but only {limit} exist in two decks":
        "{n} carte {card} tra giochi e mani, ma due mazzi ne hanno solo {limit}",
    "{card} read with {pct}% certainty: check it": "{card} letta con certezza del {pct}%: controllala",
    "{card} read with {pct}% certainty; it may be {others}: check it":
        "{card} letta con certezza del {pct}%; potrebbe essere {others}: controllala",
    "{meld} is not valid: {reason}": "{meld} non è valido: {reason}",
    "{meld} is not valid: {reason}. Suggestion: {why}": "{meld} non è valido: {reason}. Suggerimento: {why}",
    "{meld}: a card seems to lie unread in it": "{meld}: sembra che una carta non sia stata letta",
    "{meld}: a card seems to lie unread in it; {why}": "{meld}: sembra che una carta non sia stata letta; {why}",
    "{meld}: its order is in doubt ({why})": "{meld}: l'ordine è incerto ({why})",
    "{was} may be {card} (read {pct}% likely); as {card} the meld is valid: {meld}":
        "{was} potrebbe essere {card} (probabile al {pct}%); come {card} il gioco è valido: {meld}",
    "a card seems to lie unread between {between}: as {cards} the meld reads {meld}":
        "sembra che tra {between} ci sia una carta non letta: come {cards} il gioco diventa {meld}",
    "{card} is seen {n} times, but two decks hold only {limit}: one of them is misread, or one card was "
    "counted twice":
        "{card} si vede {n} volte, ma due mazzi ne hanno solo {limit}: una è letta male, o una carta è stata "
        "contata due volte",
    "{card}: corners {span} index sizes apart were taken for one card; they may be two cards":
        "{card}: angoli distanti {span} volte un indice sono stati presi per una sola carta; potrebbero essere "
        "due carte",
    "{meld} reaches the edge of the photo: cards beyond it would not be counted; take the photo again with the "
    "whole meld":
        "{meld} arriva al bordo della foto: le carte oltre il bordo non sarebbero contate; rifai la foto con "
        "tutto il gioco",
    "a card's corner was seen but could not be read: a card may be missing from the count; check the photo":
        "l'angolo di una carta si vede ma non si legge: potrebbe mancare una carta dal conteggio; controlla la "
        "foto",
    "{n} card corners were seen but could not be read: cards may be missing from the count; check the photo":
        "si vedono {n} angoli di carte che non si leggono: potrebbero mancare carte dal conteggio; controlla la "
        "foto",
    "{meld}: neither end shows a whole card, so the last card laid may not have been read (a card without a "
    "corner index?)":
        "{meld}: nessuna delle due estremità mostra una carta intera, quindi l'ultima carta posata potrebbe non "
        "essere stata letta (una carta senza indice nell'angolo?)",
    "in no meld, though lying by the melds: {cards} (a card a meld missed, or a misread one?)":
        "in nessun gioco, pur vicino ai giochi: {cards} (una carta sfuggita a un gioco, o letta male?)",
    "in no meld and not in the hand (not counted): {cards}: are they part of the hand?":
        "in nessun gioco e non nella mano (non contate): {cards}: fanno parte della mano?",
    "in no meld, lying apart (not counted): {cards}": "in nessun gioco, in disparte (non contate): {cards}",
    "lying apart from the rest of the hand: {cards}: a mark on the table read as a joker? It is counted: delete "
    "it if it is no card":
        "in disparte dal resto della mano: {cards}: un segno sul tavolo letto come un jolly? È contato: "
        "cancellalo se non è una carta",
    "{card} in {meld} read with {pct}% certainty; as {other} ({other_pct}%) the meld would score {then} instead "
    "of {now}: check it":
        "{card} in {meld} letta con il {pct}% di certezza; come {other} ({other_pct}%) il gioco varrebbe {then} "
        "invece di {now}: controllala",
    "{cards}: the same cards as an earlier photo of this team's hand; the same hand taken twice? Both are "
    "counted: delete one":
        "{cards}: le stesse carte di una foto precedente della mano di questa squadra; la stessa mano fotografata "
        "due volte? Sono contate entrambe: cancellane una",
    "{card} in the hand read with {pct}% certainty; as {other} ({other_pct}%) it would count {then} instead of "
    "{now}: check it":
        "{card} nella mano letta con il {pct}% di certezza; come {other} ({other_pct}%) varrebbe {then} invece "
        "di {now}: controllala",
    "{meld} reads the same cards as {other}, lying beside it: one meld's two rows of corners (a deck with four "
    "corner indices) counted twice?":
        "{meld} ha le stesse carte di {other}, accanto: le due file di indici di un solo gioco (un mazzo con "
        "quattro indici negli angoli) contate due volte?",
    "{cards} is in an earlier photo of this team too: counted once":
        "{cards} è anche in una foto precedente di questa squadra: contato una volta sola",
    "{cards} is in photo {seen} too: counted once": "{cards} è anche nella foto {seen}: contato una volta sola",
    "{cards} reaches the edge of every photo that shows it: cards beyond it would not be counted":
        "{cards} arriva al bordo di ogni foto che lo mostra: le carte oltre il bordo non sarebbero contate",
    "{card} is counted {n} times across the photos, but two decks hold only {limit}: a meld may be counted "
    "twice, or a card misread":
        "{card} è contato {n} volte nelle foto, ma due mazzi ne hanno solo {limit}: forse un gioco è contato "
        "due volte, o una carta è letta male",
    "the cards are small in this photo (their corner indices about {px} pixels): take it closer for a surer "
    "reading":
        "le carte sono piccole in questa foto (i loro indici d'angolo misurano circa {px} pixel): scattala più "
        "da vicino per una lettura più sicura",
    "{cards}: lying apart from the rest of the hand, counted in it: are they the hand's (or the discard pile's)?":
        "{cards}: lontane dal resto della mano, contate nella mano: sono della mano (o degli scarti)?",
    "{cards}: each lies uncovered, as only the last card of a hand does: is one of them the discard pile's?":
        "{cards}: sono tutte scoperte, come solo l'ultima carta di una mano: una di loro è degli scarti?",
    "{cards}: lying against the hand but off its rows, not counted: are they the hand's (or the discard pile's)?":
        "{cards}: accanto alla mano ma fuori dalle sue file, non contate: sono della mano (o degli scarti)?",
    "{cards}: read as a row of the hand, lying across the melds: is it a meld?":
        "{cards}: lette come una fila della mano, di traverso ai giochi: sono un gioco?",
    "{cards}: read as a row of the hand, no meld even with one card read otherwise: is it a meld?":
        "{cards}: lette come una fila della mano, nessun gioco nemmeno leggendo diversamente una carta: "
        "sono un gioco?",
    "{card}: three corners were taken for one card, and no other card shows more than two: it may be two cards":
        "{card}: tre angoli sono stati presi per una sola carta, e nessun'altra carta ne mostra più di due: "
        "potrebbero essere due carte",
    "{card}: two corners printed the same way up were taken for one card, and no card shows a third: they may be "
    "two cards":
        "{card}: due angoli stampati nello stesso verso sono stati presi per una sola carta, e nessuna carta ne "
        "mostra un terzo: potrebbero essere due carte",
    "two {card} counted in the hand lie as the two corners of one card would: one card or two? Check them":
        "due {card} contati nella mano stanno come i due angoli di una sola carta: una carta o due? Controllale",
    "{cards}: lying off the hand's rows or fan, counted in it: are they the hand's (or the discard pile's)?":
        "{cards}: fuori dalle file o dal ventaglio della mano, contate nella mano: sono della mano (o degli "
        "scarti)?",
    "{cards}: rows of the hand running different ways, all counted: are they all the hand's (or some the "
    "discard pile's)?":
        "{cards}: file della mano in direzioni diverse, tutte contate: sono tutte della mano (o alcune degli "
        "scarti)?",
    "no meld read in this photo ({n} cards seen): check the photo, or add the melds by hand":
        "nessun gioco letto in questa foto ({n} carte viste): controlla la foto, o aggiungi i giochi a mano",
    "no meld read in this photo (no card seen): check the photo, or add the melds by hand":
        "nessun gioco letto in questa foto (nessuna carta vista): controlla la foto, o aggiungi i giochi a mano",
    "the file is empty": "il file è vuoto",
    "the file is larger than {mb} MB": "il file supera {mb} MB",
    "the file is truncated": "il file è troncato",
    "the file is truncated (the JPEG has no end)": "il file è troncato (il JPEG non ha una fine)",
    "is a folder, not a photo": "è una cartella, non una foto",
    "cannot be opened ({why})": "non si può aprire ({why})",
    "not an image (JPEG, PNG, WebP or HEIC expected)": "non è un'immagine (servono JPEG, PNG, WebP o HEIC)",
    "not a readable image ({why})": "non è un'immagine leggibile ({why})",
    "the image is larger than {mp} megapixels": "l'immagine supera {mp} megapixel",
    "the image is {w}x{h} ({mp} megapixels); the limit is {most} megapixels":
        "l'immagine è {w}x{h} ({mp} megapixel); il limite è {most} megapixel",
    "the image is only {w}x{h} pixels": "l'immagine è di soli {w}x{h} pixel",
    "the image is damaged ({why})": "l'immagine è danneggiata ({why})",
    "the image is damaged (the JPEG cannot be decoded)": "l'immagine è danneggiata (il JPEG non si decodifica)",
    # the page's script
    "pulito": "pulito",
    "semipulito": "semipulito",
    "sporco": "sporco",
    "sequence": "scala",
    "group": "tris",
    "Add a card": "Aggiungi una carta",
    "burraco": "burraco",
    "not valid": "non valido",
    "pts": "punti",
    "Merge with the next": "Unisci al successivo",
    "Burraco bonus": "Premio burraco",
    "Cards in hand": "Carte in mano",
    "Closing": "Chiusura",
    "Total": "Totale",
    "Check {card}: the photo is not clear": "Controlla {card}: la foto non è chiara",
    "Photo": "Foto",
    "hand": "mano",
    "meld {n}": "gioco {n}",
    "a new meld": "un nuovo gioco",
    "Use {card}": "Usa {card}",
    "It is right": "È giusta",
    "Saving the last change: try again in a moment.": "Sto salvando l'ultima modifica: riprova tra un attimo.",
    "Tap the cards to add": "Tocca le carte da aggiungere",
    "Choose the right card": "Scegli la carta giusta",
    "What does the wild stand for?": "Quale carta sostituisce la matta?",
    "The server did not answer: check the connection.": "Il server non risponde: controlla la connessione.",
    "The change was not saved.": "La modifica non è stata salvata.",
    "Preparing the photo…": "Preparo la foto…",
    "Sending…": "Invio…",
    "Reading the cards…": "Leggo le carte…",
    "The photo was not read.": "La foto non è stata letta.",
}
