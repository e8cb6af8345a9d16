//! A server on 127.0.0.1:0 on its own runtime thread, stopped gracefully when dropped: what the
//! fake-engine and real-engine test servers share.

use seoladh_server::AppState;
use std::net::SocketAddr;
use std::time::Duration;

pub struct Running {
    pub addr: SocketAddr,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Running {
    /// Serves `state` on a fresh 127.0.0.1 port, waiting at most `start_within` for it to listen.
    pub fn spawn(state: AppState, start_within: Duration) -> Running {
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("runtime");
            rt.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("bind 127.0.0.1:0");
                addr_tx
                    .send(listener.local_addr().expect("local addr"))
                    .expect("send addr");
                seoladh_server::run(listener, state, async {
                    let _ = rx.await;
                })
                .await
                .expect("server runs");
            });
        });
        let addr = addr_rx.recv_timeout(start_within).expect("server started");
        Running {
            addr,
            shutdown: Some(tx),
            thread: Some(thread),
        }
    }

    /// Signals shutdown and waits for in-flight requests and the server to finish.
    pub fn stop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop();
    }
}
