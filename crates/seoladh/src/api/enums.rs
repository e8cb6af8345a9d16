//! Every enumeration of the 2.0 wire format, each written as a `{"code": n, "text": "Name"}`
//! object (docs/wire.md §4–6).
//!
//! One macro generates each enum with its code/text table so the two can never drift; one
//! [`EnumObject`] shape serialises all of them.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The `{code, text}` object every enum field is written as; also the generic shape a client
/// reads when it does not know the Rust enum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnumObject {
    /// Numeric code, stable across versions.
    pub code: u32,
    /// PascalCase name of the code.
    pub text: String,
}

/// A Rust enum with a fixed code/name table on the wire.
pub trait WireEnum: Sized + Copy + 'static {
    /// Every value, in code order.
    const ALL: &'static [Self];
    /// The numeric code.
    fn code(self) -> u32;
    /// The PascalCase name.
    fn text(self) -> &'static str;
    /// The value with this code, if the code is assigned.
    fn from_code(code: u32) -> Option<Self>;
    /// The `{code, text}` object.
    fn to_object(self) -> EnumObject {
        EnumObject {
            code: self.code(),
            text: self.text().to_owned(),
        }
    }
}

/// Serialises a [`WireEnum`] as `{code, text}` (field order fixed: code first).
fn serialize_enum<E: WireEnum, S: Serializer>(value: E, serializer: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeStruct;
    let mut s = serializer.serialize_struct("EnumObject", 2)?;
    s.serialize_field("code", &value.code())?;
    s.serialize_field("text", value.text())?;
    s.end()
}

/// Reads `{code, text}` by its code; an unassigned code is an error naming the enum.
fn deserialize_enum<'de, E: WireEnum, D: Deserializer<'de>>(
    deserializer: D,
    name: &'static str,
) -> Result<E, D::Error> {
    let object = EnumObject::deserialize(deserializer)?;
    E::from_code(object.code)
        .ok_or_else(|| serde::de::Error::custom(format!("{} is not a {name} code", object.code)))
}

macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        $name:ident { $($variant:ident = $code:literal),+ $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $(
                #[doc = concat!("`", stringify!($variant), "` (code ", stringify!($code), ").")]
                $variant,
            )+
        }

        impl WireEnum for $name {
            const ALL: &'static [Self] = &[$($name::$variant),+];
            fn code(self) -> u32 {
                match self { $($name::$variant => $code),+ }
            }
            fn text(self) -> &'static str {
                match self { $($name::$variant => stringify!($variant)),+ }
            }
            fn from_code(code: u32) -> Option<Self> {
                match code { $($code => Some($name::$variant),)+ _ => None }
            }
        }

        wire_serde!($name);
    };
}

/// Serde and `Display` for a [`WireEnum`]: the `{code, text}` object, `"100 Name"`.
macro_rules! wire_serde {
    ($name:ident) => {
        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serialize_enum(*self, serializer)
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserialize_enum(deserializer, stringify!($name))
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{} {}", WireEnum::code(*self), WireEnum::text(*self))
            }
        }
    };
}

wire_enum! {
    /// FindAddress `result`: the outcome of a search (docs/matching.md §2 says when each applies).
    FindResult {
        Unknown = 0,
        PostcodeAppended = 100,
        PostcodeValidated = 110,
        PostcodeAmended = 120,
        AddressAmendedToMatchPostcode = 130,
        PostcodeAndAddressAmended = 140,
        PostcodeNotValidated = 150,
        PostcodeNotAvailable = 200,
        PostcodeRetired = 210,
        NonUniqueAddress = 300,
        PartialAddressMatch = 400,
        IncompleteAddressEntered = 500,
        NoAddressMatch = 550,
        ForeignAddressDetected = 600,
        InvalidAddressEntered = 700,
    }
}

wire_enum! {
    /// `postcodeNotAvailable`: why a matched address point has no Eircode.
    PostcodeNotAvailable {
        NoMailDelivery = 1,
        NoRoutingKey = 2,
        NoCoordinates = 3,
    }
}

wire_enum! {
    /// `matchLevel`: the narrowest level the answer reached.
    MatchLevel {
        Unknown = 0,
        SubAddressPoint = 1,
        AddressPoint = 2,
        Organisation = 3,
        Building = 4,
        BuildingGroup = 5,
        Thoroughfare = 6,
        Locality = 7,
        PostTown = 8,
        County = 9,
    }
}

wire_enum! {
    /// `optionType`: a single address or an intelligent group of them.
    OptionType {
        Standard = 0,
        GroupedNonBusiness = 1,
        GroupedBusiness = 2,
    }
}

/// AddressElement `type` (code 15 is not assigned): the address model's own element type,
/// whose table (codes and names) is defined once in [`crate::ecad::address::ElementType`].
pub use crate::ecad::address::ElementType;

impl WireEnum for ElementType {
    const ALL: &'static [Self] = &ElementType::ALL;
    fn code(self) -> u32 {
        u32::from(ElementType::code(self))
    }
    fn text(self) -> &'static str {
        self.name()
    }
    fn from_code(code: u32) -> Option<Self> {
        ElementType::ALL
            .into_iter()
            .find(|t| u32::from(ElementType::code(*t)) == code)
    }
}

wire_serde!(ElementType);

wire_enum! {
    /// `reformattedAddressResult`: what an address profile had to give up.
    ReformattedAddressResult {
        Unknown = 0,
        Success = 100,
        AddressElementTruncated = 101,
        AddressElementLost = 102,
        AddressElementLostAndTruncated = 103,
        AddressElementAbbreviated = 110,
    }
}

wire_enum! {
    /// GetEcadData `result`.
    EcadDataResult {
        Unknown = 0,
        EcadIdValid = 100,
        EcadIdInvalid = 200,
    }
}

wire_enum! {
    /// GetEcadData `ecadIdStatus`.
    EcadIdStatus {
        Unknown = 0,
        Current = 100,
        Changed = 110,
        Retired = 120,
        Invalid = 200,
    }
}

/// `addressType`: the 55 ECAD address types (docs/wire.md §5), defined once in
/// [`crate::ecad::address_type`].
pub use crate::ecad::address_type::AddressType;

impl WireEnum for AddressType {
    const ALL: &'static [Self] = &AddressType::ALL;
    fn code(self) -> u32 {
        u32::from(AddressType::code(self))
    }
    fn text(self) -> &'static str {
        self.name()
    }
    fn from_code(code: u32) -> Option<Self> {
        u16::try_from(code).ok().and_then(AddressType::from_code)
    }
}

wire_serde!(AddressType);

wire_enum! {
    /// Error `type` (docs/wire.md §6); [`ErrorCode::http_status`] gives the HTTP status.
    ErrorCode {
        MissingLicenceKey = 401001,
        InvalidLicenceKey = 401002,
        LicenceKeyDisabled = 401003,
        LicenceKeyExpired = 401004,
        LimitExceeded = 401006,
        CountryNotAllowed = 401007,
        InvalidLanguage = 400001,
        InvalidCountry = 400002,
        InvalidLimit = 400003,
        InvalidAddressId = 400004,
        InvalidEcadId = 400005,
        MissingAddress = 400008,
        MissingEcadId = 400010,
        InvalidParameterValue = 400011,
        InvalidAddressProfileName = 400012,
        InvalidGeographicAddress = 400016,
        InvalidVanityMode = 400017,
        InvalidAddressElements = 400018,
        InvalidTxn = 400019,
        InvalidAddress = 400020,
        MissingParameter = 400050,
        NotFound = 404001,
        InternalServerError = 500000,
    }
}

impl ErrorCode {
    /// HTTP status of the family: 400xxx → 400, 401xxx → 401 (but rate limiting, 401006, → 429),
    /// 404001 → 404, 500000 → 500.
    pub fn http_status(self) -> u16 {
        match self {
            ErrorCode::LimitExceeded => 429,
            other => match other.code() / 1000 {
                400 => 400,
                401 => 401,
                404 => 404,
                _ => 500,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table_is_consistent<E: WireEnum + std::fmt::Debug + PartialEq>() {
        let mut codes: Vec<u32> = E::ALL.iter().map(|e| e.code()).collect();
        for e in E::ALL {
            assert_eq!(E::from_code(e.code()), Some(*e));
        }
        codes.sort_unstable();
        let before = codes.len();
        codes.dedup();
        assert_eq!(before, codes.len(), "duplicate codes");
    }

    #[test]
    fn every_table_round_trips_codes() {
        table_is_consistent::<FindResult>();
        table_is_consistent::<PostcodeNotAvailable>();
        table_is_consistent::<MatchLevel>();
        table_is_consistent::<OptionType>();
        table_is_consistent::<ElementType>();
        table_is_consistent::<ReformattedAddressResult>();
        table_is_consistent::<EcadDataResult>();
        table_is_consistent::<EcadIdStatus>();
        table_is_consistent::<AddressType>();
        table_is_consistent::<ErrorCode>();
    }

    #[test]
    fn address_type_has_55_codes_and_element_type_skips_15() {
        assert_eq!(AddressType::ALL.len(), 55);
        assert_eq!(<ElementType as WireEnum>::from_code(15), None);
        assert_eq!(
            <ElementType as WireEnum>::from_code(16),
            Some(ElementType::UrbanArea)
        );
    }

    #[test]
    fn serialises_as_code_text_object() {
        let json = serde_json::to_string(&AddressType::ResidentialAddressPoint).unwrap();
        assert_eq!(json, r#"{"code":2150,"text":"ResidentialAddressPoint"}"#);
        let back: AddressType = serde_json::from_str(&json).unwrap();
        assert_eq!(back, AddressType::ResidentialAddressPoint);
        assert!(serde_json::from_str::<ElementType>(r#"{"code":15,"text":"X"}"#).is_err());
    }

    #[test]
    fn error_codes_map_to_http_status_by_family() {
        assert_eq!(ErrorCode::InvalidLanguage.http_status(), 400);
        assert_eq!(ErrorCode::InvalidLicenceKey.http_status(), 401);
        assert_eq!(ErrorCode::LimitExceeded.http_status(), 429);
        assert_eq!(ErrorCode::NotFound.http_status(), 404);
        assert_eq!(ErrorCode::InternalServerError.http_status(), 500);
    }
}
