// The same hello-world linked with FoundationNetworking, as boxoffice must be: what the dynamic
// loader spends mapping libcurl and its libraries before main, whatever the program then does.
import FoundationNetworking

_ = URLSessionConfiguration.self
print("boxoffice 0.1.0")
