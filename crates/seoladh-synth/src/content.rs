//! Small word lists the reference data does not carry: surnames, house names, business kinds.
//!
//! Surnames are the most common surnames in Ireland (CSO/Irish genealogy rankings); house names
//! are the kinds that appear on Irish rural houses; business kinds carry their NACE Rev. 2 code.

use rand::Rng;

/// Common Irish surnames, upper case as in ECAD.
pub(crate) const SURNAMES: &[&str] = &[
    "MURPHY",
    "KELLY",
    "O'SULLIVAN",
    "WALSH",
    "SMITH",
    "O'BRIEN",
    "BYRNE",
    "RYAN",
    "O'CONNOR",
    "O'NEILL",
    "O'REILLY",
    "DOYLE",
    "MCCARTHY",
    "GALLAGHER",
    "O'DOHERTY",
    "KENNEDY",
    "LYNCH",
    "MURRAY",
    "QUINN",
    "MOORE",
    "MCLOUGHLIN",
    "O'CARROLL",
    "CONNOLLY",
    "DALY",
    "O'CONNELL",
    "WILSON",
    "DUNNE",
    "BRENNAN",
    "BURKE",
    "COLLINS",
    "CAMPBELL",
    "CLARKE",
    "JOHNSTON",
    "HUGHES",
    "O'FARRELL",
    "FITZGERALD",
    "BROWN",
    "MARTIN",
    "MAGUIRE",
    "NOLAN",
    "FLYNN",
    "THOMPSON",
    "O'CALLAGHAN",
    "O'DONNELL",
    "DUFFY",
    "O'MAHONY",
    "BOYLE",
    "HEALY",
    "O'SHEA",
    "WHITE",
    "SWEENEY",
    "HAYES",
    "KAVANAGH",
    "POWER",
    "MCGRATH",
    "MORAN",
    "BRADY",
    "STEWART",
    "CASEY",
    "FOLEY",
    "FITZPATRICK",
    "O'LEARY",
    "MCDONNELL",
    "MCMAHON",
    "DONNELLY",
    "REGAN",
    "DONOVAN",
    "BURNS",
    "FLANAGAN",
    "MULLAN",
    "BARRY",
    "KANE",
    "ROBINSON",
    "CUNNINGHAM",
    "GRIFFIN",
    "KENNY",
    "SHEEHAN",
    "WARD",
    "WHELAN",
    "LYONS",
    "REID",
    "GRAHAM",
    "HIGGINS",
    "CULLEN",
    "KEANE",
    "KING",
    "MAHER",
    "MCKENNA",
    "BELL",
    "SCOTT",
    "HOGAN",
    "O'KEEFFE",
    "MAGEE",
    "MCNAMARA",
    "MCDONALD",
    "MCDERMOTT",
    "MOLONEY",
    "O'ROURKE",
    "BUCKLEY",
    "O'DWYER",
];

/// House names of the kind found on Irish houses (English and Irish).
pub(crate) const HOUSE_NAMES: &[&str] = &[
    "ROSE COTTAGE",
    "IVY COTTAGE",
    "HILLVIEW",
    "HILLCREST",
    "SUNNYSIDE",
    "WOODLANDS",
    "THE COTTAGE",
    "THE BUNGALOW",
    "MOUNTAIN VIEW",
    "LAKE VIEW",
    "SEA VIEW",
    "RIVERSIDE",
    "GLENVIEW",
    "ASHGROVE",
    "BEECH LODGE",
    "OAKLANDS",
    "THE OLD RECTORY",
    "THE SCHOOLHOUSE",
    "TÍR NA NÓG",
    "AN GRIANÁN",
    "CNOC NA GRÉINE",
    "SLIABH BÁN",
    "FAIRVIEW",
    "GREENFIELDS",
    "WILLOW LODGE",
    "ORCHARD HOUSE",
    "THE HAVEN",
    "SHALOM",
    "ARDAGH HOUSE",
    "MEADOWVIEW",
    "HAZELWOOD",
    "THE WILLOWS",
    "THE PADDOCKS",
    "BROOKSIDE",
    "ROSEVILLE",
    "ST. JOSEPH'S",
    "ST. MARY'S",
    "LOUGH VIEW",
    "BAYVIEW",
    "THE LODGE",
    "THE FARMHOUSE",
    "DROMORE HOUSE",
    "AN TEACH BÁN",
    "ARD NA GRÉINE",
    "BEALTAINE",
    "CILL ÁIRNE",
    "THE GABLES",
    "HOLLY LODGE",
];

/// Saints for school and church names (`ST. BRIGID'S NATIONAL SCHOOL`), with the Irish form.
pub(crate) const SAINTS: &[(&str, &str)] = &[
    ("BRIGID", "BRÍD"),
    ("PATRICK", "PÁDRAIG"),
    ("COLMCILLE", "COLMCILLE"),
    ("MARY", "MUIRE"),
    ("JOSEPH", "IÓSAF"),
    ("KEVIN", "CAOIMHÍN"),
    ("BRENDAN", "BREANDÁN"),
    ("CIARAN", "CIARÁN"),
];

/// A kind of business: name pattern (`{S}` surname, `{T}` town), NACE code and category.
pub(crate) struct BusinessKind {
    pub pattern: &'static str,
    pub nace: &'static str,
    pub category: &'static str,
}

/// Town-centre businesses.
pub(crate) const TOWN_BUSINESSES: &[BusinessKind] = &[
    BusinessKind {
        pattern: "{S}'S PHARMACY",
        nace: "47.73",
        category: "Retail trade",
    },
    BusinessKind {
        pattern: "{S} SOLICITORS",
        nace: "69.10",
        category: "Legal activities",
    },
    BusinessKind {
        pattern: "{S}'S BAR",
        nace: "56.30",
        category: "Beverage serving",
    },
    BusinessKind {
        pattern: "{S} HARDWARE",
        nace: "47.52",
        category: "Retail trade",
    },
    BusinessKind {
        pattern: "{S} & SONS",
        nace: "46.90",
        category: "Wholesale trade",
    },
    BusinessKind {
        pattern: "{T} MEDICAL CENTRE",
        nace: "86.21",
        category: "Human health",
    },
    BusinessKind {
        pattern: "BANK OF IRELAND",
        nace: "64.19",
        category: "Financial services",
    },
    BusinessKind {
        pattern: "AIB",
        nace: "64.19",
        category: "Financial services",
    },
    BusinessKind {
        pattern: "SUPERVALU",
        nace: "47.11",
        category: "Retail trade",
    },
    BusinessKind {
        pattern: "CENTRA",
        nace: "47.11",
        category: "Retail trade",
    },
    BusinessKind {
        pattern: "{T} CREDIT UNION",
        nace: "64.92",
        category: "Financial services",
    },
    BusinessKind {
        pattern: "{S} FUNERAL HOME",
        nace: "96.03",
        category: "Personal services",
    },
    BusinessKind {
        pattern: "{S}'S CAFE",
        nace: "56.10",
        category: "Food service",
    },
    BusinessKind {
        pattern: "{S} AUCTIONEERS",
        nace: "68.31",
        category: "Real estate",
    },
    BusinessKind {
        pattern: "{S} & CO. ACCOUNTANTS",
        nace: "69.20",
        category: "Accounting",
    },
    BusinessKind {
        pattern: "{S} OPTICIANS",
        nace: "47.78",
        category: "Retail trade",
    },
    BusinessKind {
        pattern: "{S}'S BUTCHERS",
        nace: "47.22",
        category: "Retail trade",
    },
    BusinessKind {
        pattern: "{T} HAIR STUDIO",
        nace: "96.02",
        category: "Personal services",
    },
    BusinessKind {
        pattern: "{S} DENTAL PRACTICE",
        nace: "86.23",
        category: "Human health",
    },
    BusinessKind {
        pattern: "{T} GARDA STATION",
        nace: "84.24",
        category: "Public order",
    },
];

/// Business-park tenants.
pub(crate) const PARK_BUSINESSES: &[BusinessKind] = &[
    BusinessKind {
        pattern: "{S} TECHNOLOGIES LIMITED",
        nace: "62.01",
        category: "Computer programming",
    },
    BusinessKind {
        pattern: "{S} ENGINEERING LIMITED",
        nace: "71.12",
        category: "Engineering",
    },
    BusinessKind {
        pattern: "{S} LOGISTICS",
        nace: "52.29",
        category: "Transport support",
    },
    BusinessKind {
        pattern: "{S} MOTORS",
        nace: "45.11",
        category: "Motor trade",
    },
    BusinessKind {
        pattern: "{T} PRINTING",
        nace: "18.12",
        category: "Printing",
    },
    BusinessKind {
        pattern: "{S} FOODS LIMITED",
        nace: "10.89",
        category: "Food manufacture",
    },
    BusinessKind {
        pattern: "{S} PLANT HIRE",
        nace: "77.32",
        category: "Rental",
    },
    BusinessKind {
        pattern: "{S} ELECTRICAL",
        nace: "43.21",
        category: "Construction",
    },
];

/// Departments of larger organisations, with Irish forms.
pub(crate) const DEPARTMENTS: &[(&str, &str)] = &[
    ("ACCOUNTS DEPARTMENT", "ROINN NA gCUNTAS"),
    ("HUMAN RESOURCES", "ACMHAINNÍ DAONNA"),
    ("SALES", "DÍOLACHÁN"),
    ("CUSTOMER SERVICE", "SEIRBHÍS CUSTAIMÉARA"),
    ("WAREHOUSE", "STÓRAS"),
];

/// Picks one item uniformly.
pub(crate) fn pick<'a, T, R: Rng>(rng: &mut R, items: &'a [T]) -> &'a T {
    &items[rng.random_range(0..items.len())]
}

/// Fills a business pattern.
pub(crate) fn business_name<R: Rng>(rng: &mut R, kind: &BusinessKind, town: &str) -> String {
    let surname: &str = pick::<&str, R>(rng, SURNAMES);
    kind.pattern.replace("{S}", surname).replace("{T}", town)
}
