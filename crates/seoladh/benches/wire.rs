//! The wire layer's own cost per request: parsing a raw query, building links, and writing a
//! FindAddress response with options as JSON. The engine is not involved.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use seoladh::api::*;

const QUERY: &str =
    "key=demo&address=8+Silver+Birches%2C+Millfarm%2C+D%C3%BAn+B%C3%BAinne%2C+Co.+Meath\
&txn=0f8fad5b-d9cb-469f-a165-70867728950e&limit=-1&language=en&country=ie&vanityMode=true\
&addressElements=false&_=1700000000000&callback=jQuery3800123_1795000000000";

fn response(req: &FindAddressRequest, ctx: &LinkContext, options: usize) -> FindAddressResponse {
    let carry = FindCarry::from(req);
    let mut r = FindAddressResponse::new(FindResult::NonUniqueAddress, req, ctx);
    r.postal_address = Some(vec![
        "MILLFARM".into(),
        "DUNBOYNE".into(),
        "CO. MEATH".into(),
    ]);
    let opts: Vec<AddressOption> = (0..options as u64)
        .map(|i| {
            let name = format!("{} SILVER BIRCHES, MILLFARM, DUNBOYNE, CO. MEATH", i + 1);
            AddressOption {
                option_type: Some(OptionType::Standard),
                postcode: Some("A86VC04".into()),
                address_id: Some(1_701_000_000 + i),
                address_type: Some(AddressType::ResidentialAddressPoint),
                links: vec![ctx.next_link_for_option(&carry, &name, Some(1_701_000_000 + i))],
                display_name: name,
            }
        })
        .collect();
    let (total, options) = apply_limit(opts.len(), req.limit, opts);
    r.total_options = total;
    r.options = options;
    r
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("wire");
    g.throughput(Throughput::Elements(1));
    g.bench_function("parse_find_address_query", |b| {
        b.iter(|| {
            let req = FindAddressRequest::from_query(black_box(QUERY)).expect("valid query");
            assert!(req.vanity_mode);
            req
        })
    });
    let req = FindAddressRequest::from_query(QUERY).expect("valid query");
    let ctx = LinkContext::new("http://127.0.0.1:8080", "demo", req.txn.as_deref());
    for n in [1usize, 20] {
        g.bench_function(format!("build_and_serialise_{n}_options"), |b| {
            b.iter(|| {
                let r = response(black_box(&req), &ctx, n);
                let json = serde_json::to_vec(&r).expect("serialise");
                assert!(json.len() > 500);
                json
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
